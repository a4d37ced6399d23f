import Synchronization
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

    @Test("a transition property naming action cases is called on their steps only, by the search and the judge alike")
    func namedCases() throws {
        // Checks that would break on a reset: one names add and apply only, one names reset.
        let calls = Mutex<[Counter.Action]>([])
        var model = Counter()
        model.checks = [
            .transition("reset keeps value (add and apply only)", cases: 1 << 0 | 1 << 1) { _, _, action, _ in
                calls.withLock { $0.append(action) }
                return action != .reset
            },
            .transition("never reset (reset only)", cases: 1 << 2) { _, _, action, _ in action != .reset },
        ]
        for threads in [1, 2] {
            calls.withLock { $0.removeAll() }
            let report = BreadthFirstSearch(model, options: SearchOptions(threads: threads)).run()
            guard case .holds? = report.verdict("reset keeps value (add and apply only)")?.outcome else {
                Issue.record("a check was called on a step of a case it does not name (\(threads) threads)")
                return
            }
            let seen = calls.withLock { $0 }
            #expect(!seen.isEmpty && !seen.contains(.reset) && seen.contains(.apply))
            #expect(try #require(report.counterexample("never reset (reset only)")).steps == [.add, .apply, .reset])
        }
        // The judge (replay, counts) skips the same steps.
        let judge = PropertyJudge(model: model, property: model.checks[0])
        #expect(!judge.breaks(before: (Counter.State(value: 1), .reset), Counter.State()))
        #expect(PropertyJudge(model: model, property: model.checks[1]).breaks(before: (Counter.State(value: 1), .reset), Counter.State()))
        // A case out of range is concerned: its steps are checked.
        #expect(model.checks[0].concerns(64) && model.checks[0].concerns(-1) && !model.checks[0].concerns(2))
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

    @Test("a state where only a model bound refuses a system step is not quiescent; a quiet one still is")
    func boundRefusedStep() throws {
        var undeclared = Mailer()
        undeclared.declaresBound = false
        let before = BreadthFirstSearch(undeclared).run()
        let cut = try #require(before.counterexample("nothing queued when quiet"))
        // Two requests, one sent, the link cut: the second waits only for the cap of one in flight.
        #expect(cut.steps.count == 4)
        #expect(cut.states.last?["queued"] == .int(1))
        #expect(cut.states.last?["inFlight"] == .int(1))

        let after = BreadthFirstSearch(Mailer()).run()
        guard case .holds? = after.verdict("nothing queued when quiet")?.outcome else {
            Issue.record("a state whose send only the cap refused was judged quiescent")
            return
        }
        // A state truly quiet (nothing to send, the link down) is still judged.
        let quiet = try #require(after.counterexample("nothing in flight when quiet"))
        #expect(quiet.steps.count == 3 && quiet.states.last?["queued"] == .int(0))
        // Only the judgement moves: the same states and steps are searched.
        #expect(after.distinctStates == before.distinctStates)
        #expect(after.transitions == before.transitions)
        let parallel = BreadthFirstSearch(Mailer(), options: SearchOptions(threads: 2)).run()
        guard case .holds? = parallel.verdict("nothing queued when quiet")?.outcome else {
            Issue.record("the parallel search judged the bound-refused state quiescent")
            return
        }
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
