import FleetCard
import Testing
@testable import FleetModel

/// A host the phone knows to be down: its sessions' busy is blanked before the app counts
/// (spec: lifecycle E, `rebuildSessions`), with the end gate's trust guard on or off.
@Suite("FleetSystem down host")
struct FleetDownHostTests {
    /// s1 on h1 and s2 on h2, both working; h2 may go down. The trust guard off: the app takes
    /// the untrusted count at face value and syncs on it.
    static let model: FleetSystem = {
        var world = Fixture.noFaults
        world.hostOutage = true
        return FleetSystem(config: Fixture.config(
            sessions: [.init(host: 0, initial: .working), .init(host: 1, initial: .working)], hosts: 2,
            world: world, budget: 2, guards: Guards.allBut("endGateTrustworthiness") ?? .all))
    }()

    @Test("with endGateTrustworthiness off, the app's sync after learning h2 is down never shows h2's working session")
    func downHostSessionNotShownWorking() {
        var judged = 0
        for s in reachable(Self.model, depth: 9) {
            for d in s.devices.indices {
                let device = s.devices[d]
                guard device.app.isAlive, device.fetched, !device.needsSync, device.knownDown & 0b10 != 0,
                    s.sessions[1].activity == .working
                else { continue }
                judged += 1
                let shown = device.lastSynced?.rows.contains { $0 >> 1 == 1 } ?? false
                #expect(!shown, "phone\(d + 1)'s last sync shows s2 while h2 is known down: \(String(describing: device.lastSynced))")
                #expect((device.lastSynced?.working ?? 0) <= 1)
            }
        }
        // States where the phone knows h2 is down and has synced since (else this checks nothing).
        #expect(judged > 20)
    }
}
