import Explorer
import Testing
@testable import CardcheckCLI

@Suite struct ProgressLineTests {
    @Test("the progress line gives distinct states, frontier, depth and states/s")
    func text() {
        let p = SearchProgress(distinctStates: 5000, frontier: 120, depth: 7, seconds: 2)
        #expect(ProgressLine.text(p) == "progress: 5000 distinct states, frontier 120, depth 7, 2500 states/s")
    }
}
