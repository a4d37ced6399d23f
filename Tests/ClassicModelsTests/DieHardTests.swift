import Explorer
import Testing
@testable import ClassicModels

@Suite struct DieHardTests {
    @Test("the 4-gallon solution is found in 6 steps, TLC's known shortest")
    func solution() throws {
        let report = BreadthFirstSearch(DieHard(), options: SearchOptions(stopAtFirstViolation: true)).run()
        let trace = try #require(report.counterexample("big is not the target"))
        #expect(trace.steps.count == 6)
        #expect(trace.states.last?["big"] == .int(4))
        #expect(!report.exhaustive)
    }

    @Test("16 distinct states are reachable with the 3- and 5-gallon jugs")
    func reachable() {
        let report = BreadthFirstSearch(DieHard()).run()
        #expect(report.distinctStates == 16)
        #expect(report.exhaustive)
        #expect(!report.passed)
    }

    @Test("pouring moves what fits and no more")
    func pouring() {
        let model = DieHard()
        #expect(model.next(.init(small: 3, big: 4), .smallToBig) == .init(small: 2, big: 5))
        #expect(model.next(.init(small: 1, big: 5), .bigToSmall) == .init(small: 3, big: 3))
    }
}
