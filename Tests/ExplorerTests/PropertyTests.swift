import Testing
@testable import Explorer

@Suite struct PropertyTests {
    @Test("an always property breaks at the first bad state, by a shortest trace")
    func always() throws {
        var model = Counter()
        model.checks = [.always("nothing pending") { _, s in s.pending == 0 }]
        let trace = try #require(BreadthFirstSearch(model).run().counterexample("nothing pending"))
        #expect(trace.steps == [.add])
    }

    @Test("a transition property sees the old state, the action and the new state")
    func transition() throws {
        var model = Counter()
        model.checks = [
            .transition("value moves by at most one") { _, old, _, new in abs(new.value - old.value) <= 1 || new.value == 0 },
            .transition("never apply") { _, _, action, _ in action != .apply },
        ]
        let report = BreadthFirstSearch(model).run()
        guard case .holds? = report.verdict("value moves by at most one")?.outcome else {
            Issue.record("a step of one broke the step bound")
            return
        }
        #expect(try #require(report.counterexample("never apply")).steps == [.add, .apply])
    }

    @Test("an atQuiescence property is checked only where no system action changes the state")
    func quiescence() throws {
        var model = Counter()
        model.checks = [
            .atQuiescence("nothing pending when quiet") { _, s in s.pending == 0 },
            .atQuiescence("value under 2 when quiet") { _, s in s.value < 2 },
        ]
        let report = BreadthFirstSearch(model).run()
        guard case .holds? = report.verdict("nothing pending when quiet")?.outcome else {
            Issue.record("a state with an apply enabled counted as quiescent")
            return
        }
        let trace = try #require(report.counterexample("value under 2 when quiet"))
        #expect(trace.steps.count == 4)
        #expect(trace.states.last?["pending"] == .int(0))
    }

    @Test("a sometimes property never reached fails the run as vacuous")
    func vacuous() {
        var model = Counter()
        model.checks = [.sometimes("value 100") { _, s in s.value == 100 }]
        let report = BreadthFirstSearch(model, options: SearchOptions(depthBound: 6)).run()
        #expect(!report.passed)
        guard case .unreached? = report.verdict("value 100")?.outcome else {
            Issue.record("an unreachable goal was not reported unreached")
            return
        }
    }
}
