import FleetCard
import Testing
@testable import FleetModel

/// Rows order needs-input first, then oldest-first by since (spec: "rows [Row] At most 3.
/// Needs-input first, then oldest-first within a state"), with time abstracted to the order in
/// which the sessions entered their state (Models/README.md, "Time").
@Suite("FleetState since order")
struct FleetSinceOrderTests {
    func orders(_ s: FleetState) -> [UInt8] { s.sessions.map(\.since) }

    @Test("sessions already active entered their state in config order; idle and blocked have no order")
    func initialOrder() {
        let cells = FleetState.initialSessions([.working, .idle, .working, .needsInput].map { .init(host: 0, initial: $0) })
        #expect(cells.map(\.since) == [0, 0, 1, 0])
        // `entered` says otherwise: s3 entered working before s1; s4 and the idle s2 have no one to follow.
        let given = FleetState.initialSessions([
            .init(host: 0, initial: .working, entered: 1), .init(host: 0, initial: .idle, entered: 0),
            .init(host: 0, initial: .working, entered: 0), .init(host: 0, initial: .needsInput, entered: 3),
        ])
        #expect(given.map(\.since) == [1, 0, 0, 0])
        let model = FleetSystem(config: Fixture.config(sessions: [
            .init(host: 0, initial: .working, entered: 1), .init(host: 0, initial: .working),
        ]))
        #expect(Array(model.truth(model.initialStates()[0]).rows) == [1 << 1, 0 << 1])
    }

    @Test("a session that changes state enters the new one last; the ones after it in the old one move up")
    func changes() {
        var s = Fixture.run(FleetSystem(config: Fixture.config(sessions: [
            .init(host: 0, initial: .working), .init(host: 0, initial: .working), .init(host: 0, initial: .working),
        ])), [])!
        #expect(orders(s) == [0, 1, 2])
        s.setActivity(0, .needsInput)
        #expect(orders(s) == [0, 0, 1])
        s.setActivity(2, .needsInput)
        #expect(orders(s) == [0, 0, 1])
        s.setActivity(0, .working)
        #expect(s.sessions.map(\.activity) == [.working, .working, .needsInput])
        #expect(orders(s) == [1, 0, 0])
        s.setActivity(1, .idle)
        #expect(orders(s) == [0, 0, 0])
    }

    @Test("both writers and the truth put the session that started working first on top, whatever its sid")
    func bothWritersOrderBySince() throws {
        let specs: [FleetConfig.SessionSpec] = [.init(host: 0, initial: .idle), .init(host: 0, initial: .idle)]
        let model = FleetSystem(config: Fixture.config(sessions: specs, budget: 3))
        // s2 starts working, then s1: the server's start shows s2 above s1.
        let s = try #require(Fixture.run(model, [.setSession(1, .working), .setSession(0, .working), .tick(0)]))
        let sent = try #require(s.servers[0].tick?.content)
        #expect(Array(sent.rows) == [1 << 1, 0 << 1])
        #expect(model.truth(s) == sent)
        // The app, open, writes the same order on its own card.
        let opened = try #require(Fixture.run(model, [.setSession(1, .working), .setSession(0, .working), .openApp(0)]))
        var app = opened
        for _ in 0..<4 {
            guard let next = [FleetSystem.Action.refresh(0), .sync(0)].lazy.compactMap({ model.next(app, $0) }).first else { break }
            app = next
        }
        #expect(app.devices[0].cards.map { Array($0.content.rows) } == [[1 << 1, 0 << 1]])
        // s2 stops and starts again: it is now the newest.
        let again = try #require(Fixture.run(model, [.setSession(1, .working), .setSession(0, .working), .setSession(1, .idle)]))
        var back = again
        back.setActivity(1, .working)
        #expect(Array(model.truth(back).rows) == [0 << 1, 1 << 1])
    }

    /// The since order is state: packing keeps it (the fingerprint: FleetFingerprintFieldTests).
    @Test("the since order survives packing; states that differ only in it pack apart")
    func packed() {
        let specs: [FleetConfig.SessionSpec] = [.init(host: 0, initial: .idle), .init(host: 0, initial: .idle)]
        let model = FleetSystem(config: Fixture.config(sessions: specs, budget: 2))
        let states = reachable(model, depth: 6)
        #expect(states.contains { $0.sessions.contains { $0.since > 0 } })
        for state in states { #expect(model.loaded(model.stored(state)) == state) }
        #expect(Set(states.map { model.stored($0) }).count == states.count)
    }
}
