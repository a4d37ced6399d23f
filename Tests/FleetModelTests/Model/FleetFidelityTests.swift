import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// The model against the real app (issue 14): handlers run with their trigger, the app's own
/// last sync, the stale cache, judging cards while a host is down, and the start-send race.
@Suite("FleetFidelity")
struct FleetFidelityTests {
    let model = FleetSystem(config: Fixture.config())

    @Test("the user cannot leave between an observation and its sync, nor before activityUpdates has run")
    func handlersRunWithTheirTrigger() throws {
        let open = try #require(Fixture.run(model, [.setSession(0, .working), .openApp(0), .refresh(0)]))
        #expect(open.devices[0].needsSync)
        #expect(model.next(open, .leaveApp(0)) == nil, "a sync is due within a frame")
        let requested = try #require(model.next(open, .sync(0)))
        #expect(requested.devices[0].cards.count == 1)
        #expect(model.next(requested, .leaveApp(0)) == nil, "activityUpdates registers the new card's token in the same wake")
        let registered = try #require(model.next(requested, .activityUpdates(0)))
        #expect(model.next(registered, .leaveApp(0)) != nil)
    }

    @Test("a background launch is not suspended before its sync and its token registration")
    func backgroundWindowAfterHandlers() throws {
        let steps: [FleetSystem.Action] = [.setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0)]
        let woken = try #require(Fixture.run(model, steps))
        #expect(model.next(woken, .backgroundEnds(0)) == nil)
        let synced = try #require(model.next(woken, .sync(0)))
        #expect(model.next(synced, .backgroundEnds(0)) == nil)
        let registered = try #require(model.next(synced, .activityUpdates(0)))
        #expect(registered.posts.contains { $0.endpoint == .updateToken })
        #expect(model.next(registered, .backgroundEnds(0)) != nil)
    }

    @Test("a cold launch hydrates the store from a stale cache and, untrusted, creates no card")
    func staleCache() throws {
        let config = Fixture.config(sessions: [.init(host: 0, hidden: false, initial: .working)])
        let m = FleetSystem(config: config)
        let s = try #require(Fixture.run(m, [.setSession(0, .idle), .openApp(0)]))
        #expect(s.devices[0].cache == [.working], "the cache still shows the finished session")
        let store = FleetLogic.store(s.devices[0], sessions: s.sessions, specs: config.sessions)
        #expect(store.hydratedFromDisk && !store.isCountTrustworthy && store.filteredSessions.count == 1)
        let synced = try #require(m.next(s, .sync(0)))
        #expect(synced.devices[0].cards.isEmpty)
        var off = config
        off.guards = try #require(Guards.allBut("creationGatedOnTrust"))
        let unguarded = try #require(Fixture.run(FleetSystem(config: off), [.setSession(0, .idle), .openApp(0), .sync(0)]))
        #expect(unguarded.devices[0].cards.count == 1, "without the guard the stale cache makes a card")
        // The end gate's trust alone off creates nothing: creation has its own guard (issue 47).
        off.guards = try #require(Guards.allBut("endGateTrustworthiness"))
        let gateOff = try #require(Fixture.run(FleetSystem(config: off), [.setSession(0, .idle), .openApp(0), .sync(0)]))
        #expect(gateOff.devices[0].cards.isEmpty)
    }

    @Test("the app leaves a card the server rewrote alone until its own view changes")
    func lastSyncedSnapshot() throws {
        let open = try #require(Fixture.run(model, [.setSession(0, .working), .openApp(0), .refresh(0), .sync(0)]))
        #expect(open.devices[0].lastSynced == open.devices[0].cards[0].content)
        var rewritten = open
        rewritten.devices[0].cards[0].content = CardContent(working: 0, needsInput: 1, rows: [1], more: 0)
        rewritten.devices[0].needsSync = true
        let synced = try #require(model.next(rewritten, .sync(0)))
        #expect(synced.devices[0].cards[0].content == rewritten.devices[0].cards[0].content)
    }

    @Test("zombie and missing cards are judged while a host is down, with their own cause")
    func hostDown() throws {
        let config = Fixture.config(
            sessions: [.init(host: 0, hidden: false), .init(host: 1, hidden: false, initial: .working)], hosts: 2,
            world: Fixture.noFaults)
        let m = FleetSystem(config: config)
        let steps: [FleetSystem.Action] = [.openApp(0), .refresh(0), .hostDown(0), .sync(0), .activityUpdates(0), .setSession(1, .idle), .refresh(0), .sync(0)]
        let s = try #require(Fixture.run(m, steps))
        #expect(s.devices[0].cards.count == 1 && m.truth(s).activeTotal == 0)
        #expect(m.zombieCause(s, 0) == "host-down")
        let check = try #require(FleetSystem.zombieChecks.first { $0.name == "zombie-card:host-down" }?.stateCheck)
        #expect(!check(m, s))
    }

    @Test("an adoption between a start's decide and its send is the named start-send race")
    func startSendRace() throws {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .openApp(0), .tick(0), .refresh(0), .sync(0), .activityUpdates(0),
        ]
        let s = try #require(Fixture.run(model, steps))
        let post = try #require(s.posts.firstIndex { $0.endpoint == .updateToken })
        let adopted = try #require(model.next(s, .arrivePost(post)))
        #expect(adopted.servers[0].memory == .adopted && adopted.servers[0].tick?.action == .start)
        let race = try #require(FleetSystem.stepChecks.first { $0.name == "duplicate-start:raced-adoption" })
        let sent = try #require(model.next(adopted, .send(0)))
        let holds = try #require(race.stepCheck)
        #expect(!holds(model, adopted, .send(0), sent))
        #expect(holds(model, s, .send(0), try #require(model.next(s, .send(0)))), "a start sent before the adoption is not the race")
    }
}
