import Testing
@testable import FleetCard

@Suite struct FleetClientSyncTests {
    @Test("no card and something active: request a push-capable card; without the guard pushType is nil")
    func request() throws {
        let store = liveStore([working("s1")])
        let (action, next) = FleetClientSync().syncing(store, card: nil, now: 5)
        let content = FleetActivitySnapshot.make(from: store, carrying: SinceMap(), now: 5).content
        #expect(action == .request(content, pushType: .token))
        #expect(next.carry.sids == ["s1"])
        let off = try #require(Guards.allBut("pushTypeToken"))
        #expect(FleetClientSync().syncing(store, card: nil, now: 5, guards: off).action == .request(content, pushType: nil))
    }

    @Test("a card with the same renderable content is not updated, whatever updatedAt says")
    func noOpUpdateSkipped() {
        let store = liveStore([working("s1")])
        let (first, sync) = FleetClientSync().syncing(store, card: nil, now: 5)
        guard case .request(let content, _) = first else { Issue.record("expected a request"); return }
        #expect(sync.syncing(store, card: content, now: 65).action == .nothing)
        let changed = liveStore([asking("s1")])
        guard case .update = sync.syncing(changed, card: content, now: 66).action else {
            Issue.record("expected an update"); return
        }
    }

    @Test("a cold background launch leaves the server's card alone; a trustworthy zero ends it")
    func endGate() {
        let card = FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 0)
        #expect(FleetClientSync().syncing(.coldLaunch, card: card, now: 1).action == .nothing)
        #expect(FleetClientSync().syncing(liveStore([idle("s1")]), card: card, now: 1).action == .end)
    }

    @Test("tokens are registered with the default host only; without the guard with every host")
    func registrationHosts() throws {
        #expect(FleetClientSync.registrationHosts(configured: ["b", "a"], defaultHost: "a") == ["a"])
        let off = try #require(Guards.allBut("defaultHostOnly"))
        #expect(FleetClientSync.registrationHosts(configured: ["b", "a"], defaultHost: "a", guards: off) == ["a", "b"])
    }

    @Test("inside the hold a zero is shown, at its end the card ends, and the app's own end resets its zero clock (hold 60)")
    func holdZeroesThenEndsThenResets() {
        let card = FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 0)
        let (first, held) = FleetClientSync().syncing(liveStore([]), card: card, now: 0, hold: 60)
        #expect(first == .update(FleetContentState(working: 0, needsInput: 0, rows: [], more: 0, updatedAt: 0)))
        let (second, ended) = held.syncing(liveStore([]), card: card, now: 60, hold: 60)
        #expect(second == .end)
        #expect(ended.gate == FleetEndGate(), "the end resets the zero clock")
        // A card made after the end is held from its own first zero, not from 0.
        #expect(ended.syncing(liveStore([]), card: card, now: 61, hold: 60).action != .end)
    }

    @Test("the hold is measured while a card exists: a sync without a card resets the gate")
    func holdResets() {
        let sync = FleetClientSync(gate: FleetEndGate(zeroSince: 0))
        let (_, next) = sync.syncing(liveStore([working("s1")]), card: nil, now: 100, hold: 60)
        #expect(next.gate == FleetEndGate())
        let card = FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 0)
        // Measured from 101, not 0: inside the hold the card is zeroed (issue 27, item 5), not ended.
        let zero = FleetContentState(working: 0, needsInput: 0, rows: [], more: 0, updatedAt: 101)
        #expect(next.syncing(liveStore([]), card: card, now: 101, hold: 60).action == .update(zero))
    }
}

@Suite struct FleetClientSyncSinceTests {
    let card = FleetContentState(
        working: 1, needsInput: 0, rows: [FleetRow(sid: "s1", title: "s1", state: .working, since: 5)], more: 0,
        updatedAt: 5)

    @Test("a freshly launched app restarts the card's baselines; reading them off the card keeps them")
    func launchOnAServerCard() {
        let store = liveStore([working("s1")])
        #expect(FleetClientSync().syncing(store, card: card, now: 50).action == .update(
            FleetContentState(working: 1, needsInput: 0, rows: [FleetRow(sid: "s1", title: "s1", state: .working, since: 50)],
                              more: 0, updatedAt: 50)))
        // At launch the app has no last synced snapshot, so it updates even a card that agrees.
        #expect(FleetClientSync().syncing(store, card: card, now: 50, scope: .cardRows).action == .update(
            FleetContentState(working: 1, needsInput: 0, rows: [FleetRow(sid: "s1", title: "s1", state: .working, since: 5)],
                              more: 0, updatedAt: 50)))
    }
}

extension FleetClientSyncTests {
    /// spec lifecycle E: a down host's busy is frozen, so the store blanks it whatever the trust
    /// guard says; with the guard off the untrusted count is taken at face value, blanked.
    @Test("with the trust guards off (endGateTrustworthiness, creationGatedOnTrust), a session busy on a host known down is not counted or shown as working")
    func downHostBusyNotCountedWithTrustGuardOff() throws {
        let off = try #require(Guards.allBut("endGateTrustworthiness")?.with("creationGatedOnTrust", false))
        var store = liveStore([working("s1", "s1", host: "h1"), working("s2", "s2", host: "h2")])
        store.knownDownHosts = ["h2"]
        #expect(!store.isCountTrustworthy)
        let (action, _) = FleetClientSync().syncing(store, card: nil, now: 5, guards: off)
        guard case .request(let content, _) = action else { Issue.record("expected a request, got \(action)"); return }
        #expect(content.working == 1 && content.activeTotal == 1)
        #expect(content.rows.map(\.sid) == ["s1"])
        // The down host's session alone: nothing active, so no card is requested.
        var alone = liveStore([working("s2", "s2", host: "h2")])
        alone.knownDownHosts = ["h2"]
        #expect(FleetClientSync().syncing(alone, card: nil, now: 5, guards: off).action == .nothing)
        let card = FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 0)
        #expect(FleetClientSync().syncing(alone, card: card, now: 5, guards: off).action == .end)
        // With the guard on the untrusted count leaves the card untouched.
        #expect(FleetClientSync().syncing(alone, card: card, now: 5).action == .nothing)
    }

    /// Issue 47 (I9): one switch covered the end gate's trust and the gating of creation, so a
    /// card born from an untrusted count was also ended or updated by it. Each guard now covers one.
    @Test("the trust guards are split: endGateTrustworthiness off creates nothing on an untrusted count, creationGatedOnTrust off touches no card")
    func trustGuardsSplit() throws {
        let gateOff = try #require(Guards.allBut("endGateTrustworthiness"))
        let creationOff = try #require(Guards.allBut("creationGatedOnTrust"))
        let hydrated = FleetStoreView(sessions: [working("s1", "s1", host: "h1")], hydratedFromDisk: true)
        #expect(!hydrated.isCountTrustworthy)
        #expect(FleetClientSync().syncing(hydrated, card: nil, now: 5).action == .nothing)
        #expect(FleetClientSync().syncing(hydrated, card: nil, now: 5, guards: gateOff).action == .nothing)
        guard case .request = FleetClientSync().syncing(hydrated, card: nil, now: 5, guards: creationOff).action else {
            Issue.record("creationGatedOnTrust off: expected a request from the hydrated store"); return
        }
        // The card so born is left alone by the end gate while the count stays untrusted (I9).
        let card = FleetContentState(working: 0, needsInput: 0, rows: [], more: 0, updatedAt: 0)
        let last = FleetClientSync(last: card)
        #expect(last.syncing(hydrated, card: card, now: 5, guards: creationOff).action == .nothing)
        guard case .update = last.syncing(hydrated, card: card, now: 5, guards: gateOff).action else {
            Issue.record("endGateTrustworthiness off: expected the untrusted count to update the card"); return
        }
    }
}
