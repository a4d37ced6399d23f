import BigNum
import ClassicModels
import Testing
@testable import Explorer

/// The count taken during the search against the explicit second pass (`BehaviourCount`: every
/// state and edge kept, each property judged again), its oracle.
@Suite struct BehaviourCountsTests {
    /// A counter with one property of each kind, so every kind of flag is counted.
    static var counter: Counter {
        var model = Counter()
        model.checks = [
            .always("value below 3") { _, s in s.value < 3 },
            .transition("apply moves one") { _, old, _, new in new.value <= old.value + 1 },
            .transition("reset keeps pending") { _, old, a, new in a != .reset || new.pending == old.pending + 1 },
            .atQuiescence("quiet means nothing pending") { _, s in s.pending == 0 },
            .sometimes("two applied") { _, s in s.value == 2 },
        ]
        return model
    }

    func counted<M: Model>(_ model: M, depth: Int?, budget: Int?, threads: Int, _ kind: BehaviourCounting)
        -> SearchReport<M>
    {
        var options = SearchOptions(depthBound: depth, worldBudget: budget, threads: threads)
        options.countBehaviours = kind
        return BreadthFirstSearch(model, options: options).run()
    }

    /// In-search counts (total and per property, 1 and 2 threads) equal the second pass's.
    func expectSame<M: Model>(_ model: M, depth: Int, budget: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let oracle = BehaviourCount(model, depth: depth, worldBudget: budget).run()
        for threads in [1, 2] {
            let report = counted(model, depth: depth, budget: budget, threads: threads, .perProperty)
            guard let counts = report.behaviours, let properties = counts.properties else {
                Issue.record("\(model.name) depth \(depth): not counted (\(report.behavioursNotCounted ?? "?"))", sourceLocation: sourceLocation)
                continue
            }
            #expect(counts.upToDepth == oracle.upToDepth, "\(model.name) depth \(depth) threads \(threads)", sourceLocation: sourceLocation)
            #expect(counts.atDepth == oracle.atDepth, sourceLocation: sourceLocation)
            #expect(properties.map(\.name) == oracle.properties.map(\.name), sourceLocation: sourceLocation)
            for (mine, theirs) in zip(properties, oracle.properties) {
                #expect(mine.upToDepth == theirs.upToDepth, "\(model.name) \(mine.name) depth \(depth)", sourceLocation: sourceLocation)
                #expect(mine.atDepth == theirs.atDepth, "\(model.name) \(mine.name) depth \(depth)", sourceLocation: sourceLocation)
            }
            let total = counted(model, depth: depth, budget: budget, threads: threads, .total).behaviours
            #expect(total?.upToDepth == oracle.upToDepth && total?.properties == nil, sourceLocation: sourceLocation)
        }
    }

    @Test("Die Hard: 55987 behaviours to depth 6, and every count equal to the second pass's to depth 60")
    func dieHard() {
        let report = counted(DieHard(), depth: 6, budget: nil, threads: 1, .perProperty)
        #expect(report.behaviours?.upToDepth == BigInt(55_987))
        #expect(report.behaviours?.atDepth == BigInt(46_656))
        for depth in [0, 1, 6, 13, 60] { expectSame(DieHard(), depth: depth) }
        #expect(counted(DieHard(), depth: 60, budget: nil, threads: 2, .total).behaviours?.upToDepth
            == (BigInt.power(BigInt(6), 61) - 1).floorDivided(by: BigInt(5)))
    }

    @Test("two-phase commit and the flag mutex: equal to the second pass's at several depths")
    func classic() {
        for depth in [0, 3, 8, 14] { expectSame(TwoPhaseCommit(resourceManagers: 3), depth: depth) }
        for depth in [5, 20] { expectSame(FlagMutex(processes: 2), depth: depth) }
    }

    @Test("every property kind, and world budgets (nodes keyed by world actions used)")
    func kindsAndBudgets() {
        for budget in [nil, 0, 1, 3] {
            for depth in [2, 8] { expectSame(Self.counter, depth: depth, budget: budget) }
        }
        for budget in [0, 1, 2] { expectSame(Detour(), depth: 6, budget: budget) }
    }

    @Test("a transition property naming action cases is counted as the second pass counts it: broken on its cases' steps only")
    func namedCases() {
        var model = Counter()
        // Breaks on a reset if ever called there: it names add and apply only. Its twin names reset.
        model.checks = [
            .transition("no reset seen (add and apply only)", cases: 1 << 0 | 1 << 1) { _, _, a, _ in a != .reset },
            .transition("no reset seen (reset only)", cases: 1 << 2) { _, _, a, _ in a != .reset },
        ]
        for depth in [3, 8] { expectSame(model, depth: depth, budget: 2) }
        let counts = counted(model, depth: 8, budget: 2, threads: 1, .perProperty).behaviours?.properties
        #expect(counts?.first?.upToDepth == BigInt(0))
        #expect((counts?.last?.upToDepth ?? BigInt(0)) > BigInt(0))
    }

    @Test("with no depth bound it counts to the depth reached, as the second pass did")
    func unbounded() {
        let report = counted(TwoPhaseCommit(resourceManagers: 3), depth: nil, budget: nil, threads: 2, .perProperty)
        #expect(report.exhaustive)
        #expect(report.behaviours?.depth == report.depthReached)
        #expect(report.behaviours?.upToDepth == BehaviourCount(TwoPhaseCommit(resourceManagers: 3), depth: report.depthReached).run().upToDepth)
    }

    @Test("a search stopped by a limit counts nothing and says why; no counting asked, no note")
    func stopped() {
        var options = SearchOptions(depthBound: 14, stateLimit: 50)
        options.countBehaviours = .total
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: options).run()
        #expect(report.behaviours == nil)
        #expect(report.behavioursNotCounted == "the search was not exhaustive: state limit reached")
        let plain = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: SearchOptions(depthBound: 14)).run()
        #expect(plain.behaviours == nil && plain.behavioursNotCounted == nil)
    }

    @Test("counting changes nothing else: same states, transitions and verdicts")
    func sameSearch() {
        for threads in [1, 2] {
            let plain = BreadthFirstSearch(Self.counter, options: SearchOptions(depthBound: 8, worldBudget: 3, threads: threads)).run()
            let counted = counted(Self.counter, depth: 8, budget: 3, threads: threads, .perProperty)
            #expect(plain.distinctStates == counted.distinctStates)
            #expect(plain.transitions == counted.transitions)
            for v in plain.verdicts {
                #expect(plain.counterexample(v.name)?.steps == counted.counterexample(v.name)?.steps)
                #expect(v.witness?.steps == counted.verdict(v.name)?.witness?.steps)
            }
        }
    }
}

extension BehaviourCountsTests {
    @Test("Ctrl-C during the search: not counted, the search was not exhaustive; after it, while counting: said so")
    func interrupted() {
        let stop = StopSignal()
        stop.raise()
        var options = SearchOptions(depthBound: 10, stop: stop)
        options.countBehaviours = .total
        let during = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: options).run()
        #expect(during.stopReason == .interrupted && during.behaviours == nil)
        #expect(during.behavioursNotCounted == "the search was not exhaustive: interrupted")

        // The last progress call comes after the search has ended, before the count.
        let late = StopSignal()
        options = SearchOptions(stop: late, progress: { p in if p.frontier == 0 { late.raise() } })
        options.countBehaviours = .total
        let counting = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: options).run()
        #expect(counting.exhaustive && counting.behaviours == nil)
        #expect(counting.behavioursNotCounted == "interrupted while counting")
    }
}
