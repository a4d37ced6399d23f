import Foundation
import ClassicModels
import Testing
@testable import Explorer

@Suite struct ParallelSearchTests {
    /// Everything a report says apart from timing, as comparable text.
    func summary<M: Model>(_ report: SearchReport<M>) -> [String] {
        report.lines() + ["transitions \(report.transitions)"]
            + report.verdicts.map { "\($0.name): \($0.witness?.steps.map(\.description) ?? [])" }
    }

    @Test("two, three and four threads give the sequential report, line for line", arguments: [2, 3, 4])
    func sameAsSequential(threads: Int) {
        let sequential = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 5)).run()
        let parallel = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 5), options: SearchOptions(threads: threads)).run()
        #expect(parallel.distinctStates == 8_832)
        #expect(summary(parallel) == summary(sequential))
    }

    @Test("counterexamples are the same with threads: mutex, jugs, and a budgeted model")
    func sameCounterexamples() {
        let mutex = FlagMutex(processes: 4)
        #expect(summary(BreadthFirstSearch(mutex, options: SearchOptions(threads: 2)).run())
            == summary(BreadthFirstSearch(mutex).run()))
        #expect(summary(BreadthFirstSearch(DieHard(), options: SearchOptions(threads: 2)).run())
            == summary(BreadthFirstSearch(DieHard()).run()))
        var counter = Counter(maxPending: 3, maxValue: 5)
        counter.checks = [
            .always("value under 4") { _, s in s.value < 4 },
            .transition("never reset") { _, _, a, _ in a != .reset },
            .atQuiescence("quiet value under 3") { _, s in s.value < 3 },
        ]
        let options = SearchOptions(depthBound: 9, worldBudget: 5)
        var parallel = options
        parallel.threads = 2
        #expect(summary(BreadthFirstSearch(counter, options: parallel).run())
            == summary(BreadthFirstSearch(counter, options: options).run()))
    }

    @Test("stopping at the first violation stops at the same level with threads")
    func firstViolation() {
        let options = SearchOptions(stopAtFirstViolation: true)
        var parallel = options
        parallel.threads = 2
        #expect(summary(BreadthFirstSearch(FlagMutex(processes: 5), options: parallel).run())
            == summary(BreadthFirstSearch(FlagMutex(processes: 5), options: options).run()))
    }

    /// Limits that fall inside a level of several 1,024-state batches (two-phase commit, 5
    /// managers: levels of up to ~1,900 states), and past the level of a violation (mutex, 7
    /// processes: 16,384 states, the counterexample compared too).
    static let limitedRuns: [(name: String, limit: Int)] = [
        ("2pc", 1_500), ("2pc", 3_000), ("2pc", 5_000), ("2pc", 7_000), ("mutex", 2_000), ("mutex", 9_000),
    ]

    @Test("a run stopped by the state limit stops at the same point with 1, 2 and 3 threads, every run",
          arguments: limitedRuns.indices)
    func stateLimitSameAsSequential(_ index: Int) {
        let (name, limit) = Self.limitedRuns[index]
        func run(_ threads: Int) -> [String] {
            let options = SearchOptions(stateLimit: limit, threads: threads)
            let report = name == "2pc"
                ? summary(BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 5), options: options).run())
                : summary(BreadthFirstSearch(FlagMutex(processes: 7), options: options).run())
            return report
        }
        let sequential = run(1)
        #expect(sequential.first?.hasSuffix("NOT exhaustive (state limit reached)") == true)
        for threads in [2, 2, 2, 3, 2, 2] { #expect(run(threads) == sequential, "\(threads) threads") }
    }

    /// The ordering invariant of the parallel rounds: rounds go in frontier order, and each is
    /// deduplicated in frontier order before the next is expanded, so every state's first
    /// occurrence (its parent, its action, its node id) is the sequential search's. Rounds of one
    /// 1,024-state batch split the levels of these models (up to ~1,900 and ~3,400 states) into
    /// several rounds; the counts, traces, counted behaviours and state-limit stops must not move.
    @Test("levels split in several rounds give the sequential report, counts and stopping point", arguments: [2, 3])
    func roundsSameAsSequential(threads: Int) {
        func options(_ threads: Int, limit: Int? = nil, count: Bool = false) -> SearchOptions {
            var options = SearchOptions(stateLimit: limit, threads: threads)
            options.roundStates = 1024
            if count { options.countBehaviours = .total }
            return options
        }
        let twoPhase = TwoPhaseCommit(resourceManagers: 5), mutex = FlagMutex(processes: 7)
        let split = BreadthFirstSearch(twoPhase, options: options(threads)).run()
        #expect(split.distinctStates == 8_832)
        #expect(summary(split) == summary(BreadthFirstSearch(twoPhase).run()))
        #expect(summary(BreadthFirstSearch(mutex, options: options(threads)).run())
            == summary(BreadthFirstSearch(mutex).run()))
        for (name, limit) in Self.limitedRuns {
            let parallel = name == "2pc"
                ? summary(BreadthFirstSearch(twoPhase, options: options(threads, limit: limit)).run())
                : summary(BreadthFirstSearch(mutex, options: options(threads, limit: limit)).run())
            let sequential = name == "2pc"
                ? summary(BreadthFirstSearch(twoPhase, options: options(1, limit: limit)).run())
                : summary(BreadthFirstSearch(mutex, options: options(1, limit: limit)).run())
            #expect(parallel == sequential, "\(name) limit \(limit)")
        }
        let counted = BreadthFirstSearch(twoPhase, options: options(threads, count: true)).run()
        #expect(counted.behaviours?.upToDepth != nil)
        #expect(counted.behaviours?.upToDepth == BreadthFirstSearch(twoPhase, options: options(1, count: true)).run().behaviours?.upToDepth)
    }
}

/// The last progress line of a run stopped part-way states the frontier it stopped in.
@Suite struct StoppedProgressTests {
    /// Keeps every progress report a search makes.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [SearchProgress] = []
        var last: SearchProgress? { lock.withLock { all.last } }
        func add(_ p: SearchProgress) { lock.withLock { all.append(p) } }
    }

    /// Distinct states, frontier and depth of the last progress report of `model` stopped at `limit`.
    static func last<M: Model>(_ model: M, limit: Int, threads: Int) -> [Int] {
        let reports = Reports()
        let options = SearchOptions(stateLimit: limit, threads: threads, progress: { reports.add($0) })
        _ = BreadthFirstSearch(model, options: options).run()
        return reports.last.map { [$0.distinctStates, $0.frontier, $0.depth] } ?? []
    }

    @Test("a run stopped by the state limit in a wide level ends on the sequential run's frontier, not 0")
    func wideLevel() {
        // Level 1 of the fan is 17 chunks of 1,024 states; the limit is passed in its 16th, so the
        // parallel level takes its last chunk too before it knows it stops one boundary short.
        let sequential = Self.last(Fan(), limit: 33_000, threads: 1)
        #expect(sequential == [33_793, 17 * 1024, 1])
        for threads in [2, 2, 2, 2, 3, 2] { #expect(Self.last(Fan(), limit: 33_000, threads: threads) == sequential, "\(threads) threads") }
    }

    @Test("a run stopped by the state limit ends on the sequential run's frontier with any threads",
          arguments: ParallelSearchTests.limitedRuns.indices)
    func lastLineFrontier(_ index: Int) {
        let (name, limit) = ParallelSearchTests.limitedRuns[index]
        func last(_ threads: Int) -> [Int] {
            name == "2pc"
                ? Self.last(TwoPhaseCommit(resourceManagers: 5), limit: limit, threads: threads)
                : Self.last(FlagMutex(processes: 7), limit: limit, threads: threads)
        }
        let sequential = last(1)
        #expect(sequential.count == 3 && sequential[1] > 0)
        for threads in [2, 3] { #expect(last(threads) == sequential, "\(threads) threads") }
    }
}
