import Testing
@testable import FleetCard

@Suite struct FleetSessionTests {
    @Test("a closed session never counts, whatever its flags")
    func closedNeverCounts() {
        var session = asking("s1")
        #expect(session.activeState == .needsInput)
        session.closed = true
        #expect(session.activeState == nil)
    }

    @Test("blocked and idle sessions are not active")
    func inactive() {
        #expect(paused("s1").activeState == nil)
        #expect(idle("s1").activeState == nil)
        #expect(working("s1").activeState == .working)
    }
}
