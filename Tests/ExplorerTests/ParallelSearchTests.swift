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
}
