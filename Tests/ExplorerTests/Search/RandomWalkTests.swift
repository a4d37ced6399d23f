import ClassicModels
import SeededRandom
import Testing
@testable import Explorer

@Suite struct RandomWalkTests {
    @Test("the same seed gives the same walks and the same counterexample")
    func deterministic() throws {
        let a = RandomWalk(FlagMutex(processes: 3), seed: 99, depth: 40, walks: 100).run()
        let b = RandomWalk(FlagMutex(processes: 3), seed: 99, depth: 40, walks: 100).run()
        #expect(a.steps == b.steps)
        #expect(a.violations.map(\.trace.steps) == b.violations.map(\.trace.steps))
        #expect(a.violations.map(\.walkSeed) == b.violations.map(\.walkSeed))
    }

    @Test("a walk's own seed with one walk replays that walk")
    func walkSeedReplays() throws {
        let many = RandomWalk(FlagMutex(processes: 3), seed: 5, depth: 40, walks: 100).run()
        let found = try #require(many.violations.first)
        let alone = RandomWalk(FlagMutex(processes: 3), seed: found.walkSeed, depth: 40, walks: 1).run()
        #expect(alone.violations.first?.trace.steps == found.trace.steps)
        #expect(RandomWalk(FlagMutex(), seed: 5, depth: 1, walks: 1).walkSeed(3) == {
            var m = SplitMix64(seed: 5)
            _ = m.next(); _ = m.next()
            return m.next()
        }())
    }

    @Test("violations found by walks are minimized and replay")
    func minimized() throws {
        let report = RandomWalk(DieHard(), seed: 1, depth: 60, walks: 200).run()
        let trace = try #require(report.violations.first?.trace)
        #expect(trace.minimization == .oneMinimal)
        #expect(Replay(DieHard()).run(trace).reproduced)
        #expect(trace.seed != nil)
    }

    @Test("the world budget holds on walks too")
    func budget() {
        var model = Counter(maxPending: 5, maxValue: 9)
        model.checks = [.sometimes("three") { _, s in s.value == 3 }]
        let report = RandomWalk(model, seed: 3, depth: 50, walks: 300, worldBudget: 2).run()
        #expect(report.reached.first?.walks == 0)
    }
}
