import Testing
@testable import FleetCard

@Suite struct FleetBoxTests {
    @Test("the file holds the card and the whole since map, and nothing when there is no card")
    func fileSnapshot() {
        let since = SinceMap([SinceStamp(sid: "s1", state: .working, since: 1)])
        #expect(FleetBox(since: since).fileSnapshot == nil)
        let card = FleetCardMemory(content: .zero(at: 0))
        #expect(FleetBox(current: card, since: since).fileSnapshot == PersistedFleetState(current: card, since: since))
    }
}
