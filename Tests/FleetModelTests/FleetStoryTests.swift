import Testing
@testable import FleetModel

@Suite("FleetStory")
struct FleetStoryTests {
    let model = FleetSystem(config: Fixture.config())

    @Test("a story numbers its steps, names the guard that decided, and shows the lock screen")
    func story() {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0), .sync(0),
        ]
        let md = FleetStory(model: model, steps: steps, property: "zombie-card:idle-phone").markdown()
        #expect(md.contains("1. **world** — session s1 becomes working."))
        #expect(md.contains("guard: endGateTrustworthiness: the count is unknown, the card is left untouched"))
        #expect(md.contains("lock screen: phone1: [1 working, 0 needs input: s1 working]"))
        #expect(md.contains("Cause `idle-phone`"))
        #expect(md.contains("    Server_h1->>APNs: 3. start to phone1's push-to-start token: 200"))
    }
}
