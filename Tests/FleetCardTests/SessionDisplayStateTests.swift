import Testing
@testable import FleetCard

@Suite struct SessionDisplayStateTests {
    @Test("a pending prompt is needs-input even when the session is paused or busy")
    func promptWins() {
        for paused in [false, true] {
            for busy in [false, true] {
                #expect(SessionDisplayState.resolve(prompt: true, paused: paused, busy: busy) == .needsInput)
            }
        }
    }

    @Test("paused is blocked even when busy; busy alone is working; nothing is idle")
    func ladder() {
        #expect(SessionDisplayState.resolve(prompt: false, paused: true, busy: true) == .blocked)
        #expect(SessionDisplayState.resolve(prompt: false, paused: true, busy: false) == .blocked)
        #expect(SessionDisplayState.resolve(prompt: false, paused: false, busy: true) == .working)
        #expect(SessionDisplayState.resolve(prompt: false, paused: false, busy: false) == .idle)
    }

    @Test("only working and needs-input are rows, needs-input ranked first")
    func rows() {
        #expect(SessionDisplayState.blocked.rowState == nil)
        #expect(SessionDisplayState.idle.rowState == nil)
        #expect(SessionDisplayState.working.rowState == .working)
        #expect(FleetRowState.needsInput < FleetRowState.working)
    }
}
