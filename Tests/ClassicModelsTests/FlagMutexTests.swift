import Explorer
import Testing
@testable import ClassicModels

@Suite struct FlagMutexTests {
    @Test("two processes both enter the critical section after 6 steps")
    func bug() throws {
        let report = BreadthFirstSearch(FlagMutex(processes: 2)).run()
        let trace = try #require(report.counterexample("mutual exclusion"))
        #expect(trace.steps.count == 6)
        #expect(trace.steps.filter { $0.wants }.count == 2)
    }

    @Test("every combination of locations is reachable: 4^n states")
    func counts() {
        #expect(BreadthFirstSearch(FlagMutex(processes: 2)).run().distinctStates == 16)
        #expect(BreadthFirstSearch(FlagMutex(processes: 3)).run().distinctStates == 64)
    }

    @Test("the wait blocks while another flag is up")
    func waitBlocks() {
        let model = FlagMutex(processes: 2)
        let s = FlagMutex.State(locations: [.waiting, .critical])
        #expect(model.next(s, .init(process: 0, wants: false)) == nil)
        #expect(model.actions(in: s).map(\.process) == [1])
    }
}
