import ClassicModels
import Testing
@testable import Explorer

@Suite struct ReplayTests {
    func counter(_ limit: Int) -> Counter {
        var model = Counter()
        model.checks = [.always("value under limit") { _, s in s.value < limit }]
        return model
    }

    func trace() throws -> Trace<Counter> {
        Trace(model: counter(2), initialState: 0, steps: [.add, .apply, .add, .apply], property: "value under limit")
    }

    @Test("the same model reproduces the violation at the recorded step")
    func reproduced() throws {
        let outcome = Replay(counter(2)).run(try trace())
        #expect(outcome == .reproduced(property: "value under limit", step: 4, recorded: 4))
        #expect(outcome.reproduced)
        #expect(outcome.description == "reproduced: \"value under limit\" breaks at step 4, as recorded")
    }

    @Test("a disabled step is reported with its number and action")
    func disabled() throws {
        var t = try trace()
        t.steps[1] = .reset
        let outcome = Replay(counter(2)).run(t)
        #expect(outcome == .disabledStep(step: 2, action: "reset"))
        #expect(outcome.description == "diverged: step 2 (reset) is not enabled")
    }

    @Test("a changed state is reported at the step it first differs")
    func changed() throws {
        var t = try trace()
        t.states[3] = .object(["value": .int(7), "pending": .int(1)])
        #expect(Replay(counter(2)).run(t) == .stateChanged(step: 3))
    }

    @Test("a property that no longer breaks is reported as such")
    func notBroken() throws {
        let outcome = Replay(counter(3)).run(try trace())
        #expect(outcome == .propertyNotBroken(property: "value under limit"))
        #expect(outcome.description == "diverged: all steps replay but \"value under limit\" no longer breaks")
    }

    @Test("a property that now breaks earlier says where")
    func earlier() throws {
        let outcome = Replay(counter(1)).run(try trace())
        #expect(outcome == .reproduced(property: "value under limit", step: 2, recorded: 4))
        #expect(!outcome.reproduced)
    }

    @Test("replay judges quiescence as the search does: a step only a bound refused keeps the state busy")
    func boundRefusedStep() throws {
        var undeclared = Mailer()
        undeclared.declaresBound = false
        let trace = try #require(BreadthFirstSearch(undeclared).run().counterexample("nothing queued when quiet"))
        #expect(Replay(undeclared).run(trace).reproduced)
        #expect(Replay(Mailer()).run(trace) == .propertyNotBroken(property: "nothing queued when quiet"))
    }

    @Test("every counterexample the search reports replays")
    func searchTracesReplay() throws {
        let report = BreadthFirstSearch(FlagMutex(processes: 3)).run()
        let trace = try #require(report.counterexample("mutual exclusion"))
        #expect(Replay(FlagMutex(processes: 3)).run(trace).reproduced)
    }
}
