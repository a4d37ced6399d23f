import ClassicModels
import Testing
@testable import Explorer

@Suite struct MinimizerTests {
    @Test("a Die Hard solution padded with pointless pours minimizes back to 6 steps")
    func paddedDieHard() throws {
        let model = DieHard()
        let shortest = try #require(BreadthFirstSearch(model).run().counterexample("big is not the target"))
        let padding: [DieHard.Action] = [.fillSmall, .emptySmall, .fillBig, .bigToSmall, .emptyBig, .emptySmall]
        let padded = Trace(
            model: model, initialState: 0, steps: padding + shortest.steps, property: "big is not the target")
        #expect(Replay(model).run(padded).reproduced)
        let minimized = Minimizer(model).minimize(padded)
        #expect(minimized.steps.count == 6)
        #expect(minimized.minimization == .oneMinimal)
        #expect(Replay(model).run(minimized).reproduced)
    }

    @Test("a third process's irrelevant steps are removed from the mutex violation")
    func paddedMutex() {
        let model = FlagMutex(processes: 3)
        func p(_ i: Int, wants: Bool = false) -> FlagMutex.Action { .init(process: i - 1, wants: wants) }
        let steps = [p(3, wants: true), p(1, wants: true), p(3), p(2, wants: true), p(1), p(2), p(1), p(2)]
        let padded = Trace(model: model, initialState: 0, steps: steps, property: "mutual exclusion")
        let minimized = Minimizer(model).minimize(padded)
        #expect(minimized.steps.count == 6)
        #expect(!minimized.steps.contains { $0.process == 2 })
    }

    @Test("removing any single step of the result loses the violation")
    func oneMinimal() throws {
        let model = DieHard()
        let padded = Trace(
            model: model, initialState: 0,
            steps: [.fillBig, .emptyBig, .fillBig, .bigToSmall, .emptySmall, .bigToSmall, .fillBig, .bigToSmall],
            property: "big is not the target")
        let minimized = Minimizer(model).minimize(padded)
        for i in minimized.steps.indices {
            var fewer = minimized
            fewer.steps.remove(at: i)
            fewer.states = []
            #expect(!Replay(model).run(fewer).reproduced)
        }
    }

    @Test("a shortest trace stays as it is and is reported shortest and 1-minimal")
    func shortestStays() throws {
        let report = BreadthFirstSearch(FlagMutex(processes: 2)).run()
        let trace = try #require(report.counterexample("mutual exclusion"))
        let minimized = Minimizer(FlagMutex(processes: 2)).minimize(trace)
        #expect(minimized.steps == trace.steps)
        #expect(minimized.minimization == .shortestOneMinimal)
    }

    @Test("steps are regrouped by actor when the same property still breaks: 3 switches become 2")
    func groupsActors() {
        let model = FlagMutex(processes: 2)
        func p(_ i: Int, wants: Bool = false) -> FlagMutex.Action { .init(process: i - 1, wants: wants) }
        let interleaved = Trace(
            model: model, initialState: 0, steps: [p(1, wants: true), p(1), p(2, wants: true), p(2), p(1), p(2)],
            property: "mutual exclusion")
        let minimized = Minimizer(model).minimize(interleaved)
        #expect(minimized.steps == [p(1, wants: true), p(1), p(2, wants: true), p(2), p(2), p(1)])
        #expect(Replay(model).run(minimized).reproduced)
    }

    @Test("a model that names no actors keeps the order it was found in")
    func noActors() {
        var model = Counter()
        model.checks = [.always("value under 2") { _, s in s.value < 2 }]
        let trace = Trace(model: model, initialState: 0, steps: [.add, .apply, .add, .apply], property: "value under 2")
        #expect(Minimizer(model).minimize(trace).steps == [.add, .apply, .add, .apply])
    }

    @Test("names are canonicalized through the model's hook: t3, t2 reads t1, t2")
    func canonicalNames() {
        let trace = Trace(model: Tokens(), initialState: 0, steps: [.init(token: 3), .init(token: 2)], property: "fewer than two")
        #expect(Minimizer(Tokens()).minimize(trace).steps.map(\.token) == [1, 2])
    }

    @Test("a hook whose renaming no longer breaks the property is not applied")
    func badHookIgnored() {
        let model = Tokens(breakHook: true)
        let trace = Trace(model: model, initialState: 0, steps: [.init(token: 3), .init(token: 2)], property: "fewer than two")
        #expect(Minimizer(model).minimize(trace).steps.map(\.token) == [3, 2])
    }
}
