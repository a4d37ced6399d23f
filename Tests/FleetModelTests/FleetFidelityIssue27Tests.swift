import FleetCard
import Testing
@testable import FleetModel

/// The model against the real app, second pass (issue 27): the foreground needed for a request,
/// the veto population recorded at decide, and hidden dirs matched below the entry.
@Suite("FleetFidelityIssue27")
struct FleetFidelityIssue27Tests {
    let model = FleetSystem(config: Fixture.config())

    @Test("a background-launched app with no card requests none and keeps its last snapshot (issue 50, item 8); in the foreground it requests")
    func backgroundCannotRequest() throws {
        let steps: [FleetSystem.Action] = [.setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0)]
        var woken = try #require(Fixture.run(model, steps))
        #expect(woken.devices[0].app == .background)
        // The push-started card gone, the store trusted, a sync due.
        woken.devices[0].cards = []
        woken.devices[0].fetched = true
        woken.devices[0].needsSync = true
        woken.devices[0].lastSynced = CardContent(working: 1, needsInput: 0, rows: [0], more: 0)
        let synced = try #require(model.next(woken, .sync(0)))
        #expect(synced.devices[0].cards.isEmpty && synced.devices[0].lastSynced == woken.devices[0].lastSynced,
                "the refused request's catch skips the assignment")
        // A server card then arrives showing s1 needing input while the app still sees it
        // working (the other writer moved it): the app's view has not changed since its last
        // snapshot, so it leaves the card alone; had it forgotten the snapshot (the old
        // reading) it would update the card once more.
        let asking = CardContent(working: 0, needsInput: 1, rows: [1], more: 0)
        var shown = synced
        shown.devices[0].cards = [CardCell(
            content: asking, token: 0, posted: false, pushCapable: true, origin: .server, registered: false,
            sendFailed: false, besideRegistered: false)]
        shown.devices[0].needsSync = true
        let kept = try #require(model.next(shown, .sync(0)))
        #expect(kept.devices[0].cards.map(\.content) == [asking])
        var forgot = shown
        forgot.devices[0].lastSynced = nil
        let updated = try #require(model.next(forgot, .sync(0)))
        let mine = try #require(woken.devices[0].lastSynced)
        #expect(updated.devices[0].cards.map(\.content) == [mine], "forgotten, the snapshot costs an update")
        var opened = woken
        opened.devices[0].app = .foreground
        let requested = try #require(model.next(opened, .sync(0)))
        #expect(requested.devices[0].cards.count == 1)
    }

    @Test("an /ended between a tick's decide and its sends records that tick's sessions as the veto population")
    func vetoPopulationAtDecide() throws {
        let m = FleetSystem(config: Fixture.config(sessions: [.init(host: 0, hidden: false, initial: .working)]))
        var decided = try #require(Fixture.run(m, [.tick(0)]))
        #expect(decided.servers[0].tick?.action == .start && decided.servers[0].sinceMask == 0b1)
        decided.posts.append(PostCell(device: 0, host: 0, endpoint: .ended, token: 0, env: 0))
        let ended = try #require(m.next(decided, .arrivePost(0)))
        #expect(ended.servers[0].vetoMask == 0b1, "the population the decide counted: {s1}")
    }

    @Test("a session below the app's hidden dir is on the server's card and not on the app's")
    func hiddenBelowTheEntry() throws {
        let config = Fixture.config(sessions: [.init(host: 0, hidden: true, initial: .working)])
        let m = FleetSystem(config: config)
        let s = m.initialStates()[0]
        let session = FleetLogic.session(0, s.sessions[0], spec: config.sessions[0])
        #expect(session.dir != FleetLogic.hiddenDir && session.dir.hasPrefix(FleetLogic.hiddenDir + "/"))
        #expect(m.truth(s).activeTotal == 0)
        #expect(m.decide(s, server: 0).action == .start)
    }

    @Test("the story of a background sync that finds no card says ActivityKit refused the request")
    func storyOfARefusedRequest() throws {
        let m = FleetSystem(config: Fixture.config(budget: 3))
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0),
            .activityUpdates(0), .refresh(0), .sync(0), .setSession(0, .idle), .sync(0), .setSession(0, .working), .sync(0),
        ]
        let s = try #require(Fixture.run(m, steps))
        #expect(s.devices[0].app == .background && s.devices[0].cards.isEmpty && m.truth(s).activeTotal == 1)
        let md = FleetStory(model: m, steps: steps, property: "missing-card").markdown()
        #expect(md.contains("13. **app on phone1** — the app syncs on phone1. no card and something active, but the app is in the background: ActivityKit refuses Activity.request (a visibility error)."))
    }
}
