import Testing
@testable import FleetCard

/// The readings where the spec is silent and the real app decides (Models/README.md, "Readings
/// that follow the real app"), one test each at the level of the documented logic.
@Suite struct RealAppReadingsTests {
    let card = FleetContentState(
        working: 1, needsInput: 0, rows: [FleetRow(sid: "s1", title: "s1", state: .working, since: 0)], more: 0,
        updatedAt: 0)

    @Test("the app compares with its own last sync: a card the server rewrote is left alone until the app's view changes")
    func comparesWithItsOwnLastSync() throws {
        let store = liveStore([working("s1")])
        let (first, synced) = FleetClientSync().syncing(store, card: nil, now: 0)
        guard case .request(let mine, _) = first else { Issue.record("expected a request"); return }
        #expect(synced.last == mine)
        // The server rewrote the card (s1 now asks); the app's own view has not moved.
        let rewritten = FleetContentState(
            working: 0, needsInput: 1, rows: [FleetRow(sid: "s1", title: "s1", state: .needsInput, since: 0)], more: 0,
            updatedAt: 1)
        #expect(synced.syncing(store, card: rewritten, now: 2).action == .nothing)
        // Its view changes: now it updates.
        let (changed, next) = synced.syncing(liveStore([working("s1"), working("s2")]), card: rewritten, now: 3)
        guard case .update(let content) = changed else { Issue.record("expected an update"); return }
        #expect(content.working == 2 && next.last == content)
    }

    @Test("card creation is gated on count trust: a cold store hydrated from a stale cache requests nothing")
    func creationGatedOnTrust() throws {
        let cached = FleetStoreView(sessions: [working("s1")], hydratedFromDisk: true)
        #expect(FleetClientSync().syncing(cached, card: nil, now: 0).action == .nothing)
        let down = FleetStoreView(sessions: [working("s1")], knownDownHosts: ["h2"], liveFetchedOnce: true)
        #expect(FleetClientSync().syncing(down, card: nil, now: 0).action == .nothing)
        // The reading is its own guard since issue 47 (creationGatedOnTrust, split from the end gate's).
        let off = try #require(Guards.allBut("creationGatedOnTrust"))
        guard case .request = FleetClientSync().syncing(cached, card: nil, now: 0, guards: off).action else {
            Issue.record("without the guard the stale cache requests a card"); return
        }
    }

    @Test("an end clears the app's last snapshot; a trustworthy zero with no card does nothing")
    func endForgetsTheLastSnapshot() {
        let (action, next) = FleetClientSync(last: card).syncing(liveStore([idle("s1")]), card: card, now: 1)
        #expect(action == .end && next.last == nil)
        #expect(FleetClientSync().syncing(liveStore([idle("s1")]), card: nil, now: 1).action == .nothing)
    }

    @Test("no card tracked: the server's start stamps every row's since with now, whatever its since map held")
    func freshBaselinesWithoutACard() {
        let old = SinceMap([SinceStamp(sid: "s1", state: .working, since: 5)])
        let start = reduceFleetLiveActivity([working("s1")], FleetBox(since: old), now: 40)
        #expect(start.action == .start && start.content.rows.map(\.since) == [40])
        let adopted = reduceFleetLiveActivity(
            [working("s1")], FleetBox(current: FleetCardMemory(content: nil), since: old), now: 40)
        #expect(adopted.action == .update && adopted.content.rows.map(\.since) == [40])
        let filled = reduceFleetLiveActivity([working("s1")], FleetBox(current: FleetCardMemory(content: card), since: old), now: 40)
        #expect(filled.content.rows.map(\.since) == [5], "a filled card keeps its baselines")
    }

    @Test("an untrusted count resets the end gate's zero timer (hold 60)")
    func untrustedResetsTheZeroTimer() {
        let (v0, g0) = FleetEndGate().step(trustworthy: true, activeTotal: 0, now: 0, hold: 60)
        #expect(v0 == .zeroed && g0.zeroSince == 0)
        let (v1, g1) = g0.step(trustworthy: false, activeTotal: 0, now: 30, hold: 60)
        #expect(v1 == .untouched && g1.zeroSince == nil)
        let (v2, g2) = g1.step(trustworthy: true, activeTotal: 0, now: 61, hold: 60)
        #expect(v2 == .zeroed && g2.zeroSince == 61, "the zero is held from 61, not from 0")
        #expect(g2.step(trustworthy: true, activeTotal: 0, now: 121, hold: 60).verdict == .end)
        // Without the reset the gate would have ended at 61: the timer kept running through the unknown.
        #expect(g0.step(trustworthy: true, activeTotal: 0, now: 61, hold: 60).verdict == .end)
    }

    @Test("inside the app's hold the card is zeroed, then ended; the app's own end resets its zero clock")
    func appHoldZeroesThenEnds() {
        let store = FleetStoreView(sessions: [], liveFetchedOnce: true)
        let card = FleetContentState(working: 1, needsInput: 0, rows: [], more: 0, updatedAt: 0)
        let (a0, s0) = FleetClientSync().syncing(store, card: card, now: 0, hold: 60)
        #expect(a0 == .update(.zero(at: 0)), "zeroed while the hold runs")
        let (a1, s1) = s0.syncing(store, card: .zero(at: 0), now: 30, hold: 60)
        #expect(a1 == .nothing && s1.gate.zeroSince == 0)
        let (a2, s2) = s1.syncing(store, card: .zero(at: 0), now: 60, hold: 60)
        #expect(a2 == .end && s2.gate.zeroSince == nil, "ended, and the zero clock reset")
    }

    @Test("the server skips rows with an empty sid")
    func emptySidSkipped() {
        let tick = reduceFleetLiveActivity([FleetSession(sid: "", busy: true), working("s1")], FleetBox(), now: 0)
        #expect(tick.content.working == 1 && tick.content.rows.map(\.sid) == ["s1"])
    }

    @Test("a row's title falls back to the first 8 characters of its sid, then Session, on both writers")
    func titleFallback() {
        for writer in [FleetWriter.app, .server] {
            #expect(FleetRow.displayTitle("", sid: "0123456789ab", writer: writer) == "01234567")
            #expect(FleetRow.displayTitle("", sid: "", writer: writer) == "Session")
            #expect(FleetRow.displayTitle("Fix it", sid: "s1", writer: writer) == "Fix it")
        }
        let untitled = FleetSession(sid: "abcdefghijkl", busy: true)
        let server = reduceFleetLiveActivity([untitled], FleetBox(), now: 0).content.rows.map(\.title)
        let app = FleetActivitySnapshot.make(from: [untitled], carrying: SinceMap(), now: 0).content.rows.map(\.title)
        #expect(server == ["abcdefgh"] && app == ["abcdefgh"])
    }

    @Test("the app shows a title whole; the server trims whitespace and cuts past 80 characters to 79 and an ellipsis")
    func titlesPerWriter() {
        let long = String(repeating: "x", count: 100), eighty = String(repeating: "y", count: 80)
        #expect(FleetRow.displayTitle(long, sid: "s1", writer: .app) == long)
        #expect(FleetRow.displayTitle("  Fix it \n", sid: "s1", writer: .app) == "  Fix it \n")
        #expect(FleetRow.displayTitle(long, sid: "s1", writer: .server) == String(repeating: "x", count: 79) + "…")
        #expect(FleetRow.displayTitle(eighty, sid: "s1", writer: .server) == eighty)
        #expect(FleetRow.displayTitle("  Fix it \n", sid: "s1", writer: .server) == "Fix it")
        #expect(FleetRow.displayTitle(" \t ", sid: "0123456789ab", writer: .server) == "", "a blank title is not empty: it is clipped to nothing")
        #expect(FleetRow.displayTitle(" " + eighty + " ", sid: "s1", writer: .server) == eighty)
        // Through the two writers: the same session, two titles on the card.
        let session = FleetSession(sid: "s1", title: long, busy: true)
        #expect(reduceFleetLiveActivity([session], FleetBox(), now: 0).content.rows.map(\.title.count) == [80])
        #expect(FleetActivitySnapshot.make(from: [session], carrying: SinceMap(), now: 0).content.rows.map(\.title) == [long])
    }

    @Test("a background-launched app cannot create a card: the request is refused outside the foreground and the last snapshot kept")
    func noRequestInTheBackground() {
        let store = liveStore([working("s1")])
        let (action, next) = FleetClientSync(last: card).syncing(store, card: nil, now: 1, foreground: false)
        #expect(action == .nothing && next.last == card, "the catch skips the assignment (issue 50, item 8)")
        #expect(FleetClientSync().syncing(store, card: nil, now: 1, foreground: false).next.last == nil)
        guard case .request = FleetClientSync().syncing(store, card: nil, now: 1, foreground: true).action else {
            Issue.record("in the foreground the app requests the card"); return
        }
        // A card exists: the background app still updates it (only Activity.request needs the foreground).
        guard case .update = FleetClientSync().syncing(store, card: card, now: 1, foreground: false).action else {
            Issue.record("a background app updates an existing card"); return
        }
    }

    @Test("a refused background request keeps the last snapshot, so a card that later shows it is not updated again (issue 50, item 8)")
    func refusedRequestKeepsTheLastSnapshot() {
        let store = liveStore([working("s1")])
        let (first, synced) = FleetClientSync().syncing(store, card: nil, now: 0)
        guard case .request(let mine, _) = first else { Issue.record("expected a request"); return }
        // The server ended the app's card; s1 still works and the app is in the background.
        let (refused, kept) = synced.syncing(store, card: nil, now: 1, foreground: false)
        #expect(refused == .nothing && kept.last == mine)
        // The server push-starts a card showing what the app last synced: nothing to update.
        #expect(kept.syncing(store, card: mine, now: 2, foreground: false).action == .nothing)
        // Forgetting the snapshot (the old reading) would have cost one more update.
        var forgot = kept
        forgot.last = nil
        guard case .update = forgot.syncing(store, card: mine, now: 2, foreground: false).action else {
            Issue.record("with no last snapshot the app updates the card"); return
        }
    }

    @Test("a sync that finds no card and requests none forgets the app's last snapshot; a card left untouched keeps it")
    func noCardNoRequestForgets() {
        let cold = FleetStoreView(sessions: [working("s1")], hydratedFromDisk: true)
        #expect(FleetClientSync(last: card).syncing(cold, card: nil, now: 1).next.last == nil)
        #expect(FleetClientSync(last: card).syncing(liveStore([idle("s1")]), card: nil, now: 1).next.last == nil)
        #expect(FleetClientSync(last: card).syncing(cold, card: card, now: 1).next.last == card)
    }

    @Test("a hidden dir hides its subdirectories, its entries are trimmed, and a prefix counts only at a path boundary")
    func hiddenDirsMatchLikeTheApp() {
        let sessions = [
            FleetSession(sid: "a", dir: "/work/secret", busy: true), FleetSession(sid: "b", dir: "/work/secret/deep/er", busy: true),
            FleetSession(sid: "c", dir: "/work/secretive", busy: true), FleetSession(sid: "d", dir: "/tmp/x", busy: true),
            FleetSession(sid: "e", dir: "/tmp", busy: true),
        ]
        let store = FleetStoreView(sessions: sessions, hiddenDirs: ["  /work/secret\n", "", "   ", "/tmp/"], liveFetchedOnce: true)
        // "/tmp/" is stored as "/tmp" (issue 50, item 7), so it hides /tmp itself too.
        #expect(store.filteredSessions.map(\.sid) == ["c"])
    }

    @Test("variant: a server that never ends a card it never filled keeps an adopted card at zero")
    func keepUnfilled() {
        let adopted = FleetBox(current: FleetCardMemory(content: nil))
        #expect(reduceFleetLiveActivity([], adopted, now: 0).action == .end)
        #expect(reduceFleetLiveActivity([], adopted, now: 0, endUnfilledCards: false).action == .nothing)
        let filled = FleetBox(current: FleetCardMemory(content: card))
        #expect(reduceFleetLiveActivity([], filled, now: 0, endUnfilledCards: false).action == .end)
    }
}
