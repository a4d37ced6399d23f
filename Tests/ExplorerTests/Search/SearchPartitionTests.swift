import ClassicModels
import Testing
@testable import Explorer

@Suite struct SearchPartitionTests {
    /// Per property: violated, holds or unreached, and the shortest violation found.
    typealias Verdicts = [String: String]

    static func verdicts<M: Model>(_ r: SearchReport<M>) -> Verdicts {
        Dictionary(uniqueKeysWithValues: r.verdicts.map { v in
            switch v.outcome {
            case .holds: (v.name, "holds")
            case .unreached: (v.name, "unreached")
            case .violated: (v.name, "violated")
            }
        })
    }

    /// The parts' verdicts folded as `cardcheck merge` folds them.
    static func folded(_ parts: [Verdicts]) -> Verdicts {
        var out: Verdicts = [:]
        for name in parts[0].keys {
            let all = parts.map { $0[name] ?? "" }
            out[name] = all.contains("violated") ? "violated" : all.contains("holds") ? "holds" : "unreached"
        }
        return out
    }

    func check<M: Model>(_ model: M, depth: Int? = nil, budget: Int? = nil, parts: Int, level: Int, threads: Int = 1) {
        let whole = BreadthFirstSearch(model, options: SearchOptions(depthBound: depth, worldBudget: budget)).run()
        var reports: [SearchReport<M>] = []
        for part in 1...parts {
            var options = SearchOptions(depthBound: depth, worldBudget: budget, threads: threads)
            options.partition = SearchPartition(part: part, parts: parts, level: level)
            reports.append(BreadthFirstSearch(model, options: options).run())
        }
        #expect(Self.folded(reports.map(Self.verdicts)) == Self.verdicts(whole), "\(model.name) \(parts) parts at \(level)")
        #expect(reports.allSatisfy(\.exhaustive) == whole.exhaustive)
        // Every state is explored by some part; only duplicates can make the sum larger.
        #expect(reports.map(\.distinctStates).reduce(0, +) >= whole.distinctStates)
        #expect(reports.map(\.distinctStates).allSatisfy { $0 <= whole.distinctStates })
    }

    @Test("the parts' folded verdicts are the whole search's (2PC, mutex, jugs)", arguments: [(2, 1), (3, 3), (4, 5)])
    func foldedEqualsWhole(parts: Int, level: Int) {
        check(TwoPhaseCommit(resourceManagers: 3), parts: parts, level: level)
        check(FlagMutex(processes: 3), parts: parts, level: level)
        check(DieHard(), parts: parts, level: level)
        check(TwoPhaseCommit(resourceManagers: 3), parts: parts, level: level, threads: 2)
    }

    @Test("a budgeted, bounded model splits the same way")
    func budgeted() {
        var counter = Counter(maxPending: 3, maxValue: 5)
        counter.checks = [
            .always("value under 4") { _, s in s.value < 4 },
            .atQuiescence("quiet value under 3") { _, s in s.value < 3 },
        ]
        check(counter, depth: 9, budget: 5, parts: 3, level: 2)
    }

    @Test("one part is the whole search; a split really splits the level's states")
    func splitting() {
        var one = SearchOptions()
        one.partition = SearchPartition(part: 1, parts: 1, level: 3)
        let model = TwoPhaseCommit(resourceManagers: 4)
        let whole = BreadthFirstSearch(model).run()
        #expect(BreadthFirstSearch(model, options: one).run().lines() == whole.lines())
        var half = SearchOptions()
        half.partition = SearchPartition(part: 1, parts: 2, level: 3)
        #expect(BreadthFirstSearch(model, options: half).run().distinctStates < whole.distinctStates)
        #expect(SearchPartition(part: 0, parts: 2, level: 3) == nil)
        #expect(SearchPartition(part: 1, parts: 2, level: 0) == nil)
    }
}
