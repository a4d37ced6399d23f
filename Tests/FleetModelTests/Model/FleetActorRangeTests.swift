import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// `actorOutOfRange`: a step naming a session, host, phone or server the configuration lacks is
/// refused on load; every step the model itself offers passes.
@Suite("FleetSystem actor range")
struct FleetActorRangeTests {
    // Two sessions on two hosts, two phones, a scratch server: three servers.
    let model = FleetSystem(config: Fixture.config(
        sessions: [.init(host: 0, hidden: false), .init(host: 1, hidden: false)], hosts: 2, devices: 2, scratch: true))

    @Test("one past the last, and -1, of each actor is named with the configuration's count")
    func pastTheEnd() {
        let cases: [(FleetSystem.Action, String)] = [
            (.setSession(2, .working), "session index 2 out of range: the trace's configuration has 2 sessions (0...1)"),
            (.toggleDuplicateRow(-1), "session index -1 out of range: the trace's configuration has 2 sessions (0...1)"),
            (.hostDown(2), "host index 2 out of range: the trace's configuration has 2 hosts (0...1)"),
            (.openApp(2), "phone index 2 out of range: the trace's configuration has 2 phones (0...1)"),
            (.activityUpdates(-1), "phone index -1 out of range: the trace's configuration has 2 phones (0...1)"),
            (.tick(3), "server index 3 out of range: the trace's configuration has 3 servers (0...2)"),
            (.restartServer(Int.max), "server index 9223372036854775807 out of range: the trace's configuration has 3 servers (0...2)"),
        ]
        for (action, why) in cases { #expect(model.actorOutOfRange(action) == why, "\(action)") }
        for action: FleetSystem.Action in [.setSession(1, .idle), .hostUp(1), .sync(1), .apply(2), .arrivePost(7)] {
            #expect(model.actorOutOfRange(action) == nil, "\(action)")
        }
    }

    @Test("no step the model offers in its first levels is refused")
    func offeredStepsPass() {
        var frontier = model.initialStates()
        var seen = 0
        for _ in 0..<4 {
            var next: [FleetState] = []
            for state in frontier.prefix(200) {
                for action in model.actions(in: state) {
                    #expect(model.actorOutOfRange(action) == nil, "\(action)")
                    seen += 1
                    if let t = model.next(state, action) { next.append(t) }
                }
            }
            frontier = next
        }
        #expect(seen > 100)
    }
}
