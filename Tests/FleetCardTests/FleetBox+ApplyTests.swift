import Testing
@testable import FleetCard

@Suite struct FleetBoxApplyTests {
    let all = FleetDelivery(attempted: 2, accepted: 2)
    let half = FleetDelivery(attempted: 2, accepted: 1)

    @Test("a delivered start records the card, clears the veto and writes the file")
    func deliveredStart() {
        let box = FleetBox(clientEnded: ["s1"], vetoLogged: true)
        let tick = reduceFleetLiveActivity([working("s2")], box, now: 3)
        let (next, file) = box.applying(tick, half)
        #expect(next == FleetBox(current: FleetCardMemory(content: tick.content), since: tick.since))
        #expect(file == .write)
    }

    @Test("an update shortfall leaves the card and its since untouched")
    func updateShortfall() {
        let box = FleetBox(current: FleetCardMemory(content: nil))
        let tick = reduceFleetLiveActivity([working("s1")], box, now: 3)
        let (next, file) = box.applying(tick, half)
        #expect(next.current == box.current && next.since == box.since && file == .keep)
        #expect(box.applying(tick, all).box.current == FleetCardMemory(content: tick.content))
    }

    @Test("a delivered end nulls the card and unlinks the file; a shortfall keeps both")
    func end() {
        let box = FleetBox(current: FleetCardMemory(content: nil))
        let tick = reduceFleetLiveActivity([], box, now: 3)
        #expect(box.applying(tick, all) == (FleetBox(), .unlink))
        let kept = box.applying(tick, half)
        #expect(kept.box.current == box.current && kept.file == .keep, "the memory, without a timer, as it was")
    }

    @Test("no token at all never advances the card for start, update or end, nor its since")
    func noTokens() {
        let start = reduceFleetLiveActivity([working("s1")], .empty, now: 0)
        #expect(FleetBox.empty.applying(start, .none) == (FleetBox(), .keep))
        let card = FleetBox(current: FleetCardMemory(content: nil))
        let update = reduceFleetLiveActivity([working("s1")], card, now: 0)
        let end = reduceFleetLiveActivity([], card, now: 0)
        #expect(start.action == .start && update.action == .update && end.action == .end)
        #expect(card.applying(update, .none) == (FleetBox(current: card.current), .keep))
        #expect(card.applying(end, .none) == (FleetBox(current: card.current), .keep))
    }

    @Test("an /ended between decide and apply records the sessions this tick decided on")
    func endedBetweenDecideAndApplyRecordsTheDecide() {
        let old = SinceMap([SinceStamp(sid: "s1", state: .working, since: 0)])
        let box = FleetBox(current: FleetCardMemory(content: nil), since: old, population: ["s1"])
        let tick = reduceFleetLiveActivity([working("s1"), working("s2")], box, now: 1)
        let decided = box.recording(tick)
        #expect(tick.action == .update && decided.since == old)
        #expect(decided.noteFleetActivityEnded().box.clientEnded == ["s1", "s2"])
    }

    @Test("a failed or token-less send leaves since alone; the next delivered push stamps the new time")
    func sinceAfterAFailedSend() {
        let shown = reduceFleetLiveActivity([working("s1")], .empty, now: 0)
        let box = FleetBox.empty.applying(shown, FleetDelivery(attempted: 1, accepted: 1)).box
        #expect(box.since.since(of: "s1", in: .working) == 0)
        let asks = reduceFleetLiveActivity([asking("s1")], box, now: 10)
        #expect(asks.action == .update && asks.since.since(of: "s1", in: .needsInput) == 10)
        let failed = box.applying(asks, FleetDelivery(attempted: 1, accepted: 0)).box
        let untokened = box.applying(asks, .none).box
        #expect(failed.since == box.since && untokened.since == box.since)
        let again = reduceFleetLiveActivity([asking("s1")], failed, now: 20)
        let delivered = failed.applying(again, FleetDelivery(attempted: 1, accepted: 1)).box
        #expect(delivered.since == SinceMap([SinceStamp(sid: "s1", state: .needsInput, since: 20)]))
        #expect(delivered.current?.content?.rows.map(\.since) == [20])
    }

    @Test("start-vetoed is logged once per population and again after a tick that was not vetoed")
    func vetoLogReArms() {
        var box = FleetBox(clientEnded: ["s1"])
        var logged: [Bool] = []
        for sessions in [[working("s1")], [working("s1")], [idle("s1")], [working("s1")], [working("s1")]] {
            let tick = reduceFleetLiveActivity(sessions, box, now: 0)
            logged.append(tick.logsVeto)
            box = box.applying(tick, .none).box
        }
        #expect(logged == [true, false, false, true, false])
    }

    @Test("the apply half writes over an /ended that landed between decide and apply")
    func lastWriterWins() {
        let box = FleetBox(current: FleetCardMemory(content: nil))
        let tick = reduceFleetLiveActivity([working("s1")], box, now: 1)
        let ended = box.noteFleetActivityEnded().box
        let next = ended.applying(tick, all).box
        #expect(next.current == FleetCardMemory(content: tick.content))
        #expect(next.clientEnded == [])
    }
}

/// The end hold's zero timer as the real server keeps it (issue 50, item 3): in the card memory,
/// changed only when a tick's decision is applied, persisted with the card.
@Suite struct FleetEndHoldTimerTests {
    let hold = 60.0
    let delivered = FleetDelivery(attempted: 1, accepted: 1)
    let failed = FleetDelivery(attempted: 1, accepted: 0)

    /// A card showing s1 working, delivered at 0.
    var shown: FleetBox {
        let start = reduceFleetLiveActivity([working("s1")], .empty, now: 0)
        return FleetBox.empty.applying(start, delivered).box
    }

    @Test("a failed or token-less zeroed update leaves the memory without a timer; the next tick starts it afresh")
    func failedZeroedUpdate() {
        let zeroed = reduceFleetLiveActivity([], shown, now: 10, endDebounce: hold)
        #expect(zeroed.action == .update && zeroed.zeroSince == 10)
        for missed in [failed, .none] {
            let box = shown.applying(zeroed, missed).box
            #expect(box.current == shown.current && box.current?.zeroSince == nil)
            // 2 s later the hold has not started, let alone run out: no end (the line the real
            // server cannot write); 60 s after the failed one, still the zeroed update.
            #expect(reduceFleetLiveActivity([], box, now: 12, endDebounce: hold).action == .update)
            let later = reduceFleetLiveActivity([], box, now: 71, endDebounce: hold)
            #expect(later.action == .update && later.zeroSince == 71)
        }
    }

    @Test("a delivered zeroed update starts the timer in the memory; the hold runs out from it")
    func deliveredZeroedUpdate() {
        let zeroed = reduceFleetLiveActivity([], shown, now: 10, endDebounce: hold)
        let box = shown.applying(zeroed, delivered).box
        #expect(box.current?.zeroSince == 10)
        let held = reduceFleetLiveActivity([], box, now: 30, endDebounce: hold)
        #expect(held.action == .nothing && box.applying(held, .none).box.current?.zeroSince == 10, "a held tick keeps it")
        #expect(reduceFleetLiveActivity([], box, now: 70, endDebounce: hold).action == .end)
    }

    @Test("a failed update with activity keeps the old timer, so a later zero ends at once")
    func failedUpdateWithActivity() {
        let zeroed = reduceFleetLiveActivity([], shown, now: 10, endDebounce: hold)
        let box = shown.applying(zeroed, delivered).box
        let busy = reduceFleetLiveActivity([working("s1")], box, now: 20, endDebounce: hold)
        #expect(busy.action == .update && busy.zeroSince == nil)
        let after = box.applying(busy, failed).box
        #expect(after.current?.zeroSince == 10)
        #expect(reduceFleetLiveActivity([], after, now: 71, endDebounce: hold).action == .end)
        #expect(box.applying(busy, delivered).box.current?.zeroSince == nil, "delivered, the timer goes")
    }

    @Test("the state file holds the timer: a restarted server's first decide can be end")
    func persistedTimer() {
        let zeroed = reduceFleetLiveActivity([], shown, now: 10, endDebounce: hold)
        var server = FleetServer(box: shown, file: shown.fileSnapshot)
        server = server.applying(zeroed, delivered)
        #expect(server.file?.current.zeroSince == 10)
        let booted = server.restarted().completingBootLoad()
        #expect(booted.decide([], now: 70, endDebounce: hold).action == .end)
    }

    @Test("/ended and a delivered end drop the timer; an adoption starts a memory without one")
    func droppedAndAdopted() {
        let zeroed = reduceFleetLiveActivity([], shown, now: 10, endDebounce: hold)
        let box = shown.applying(zeroed, delivered).box
        #expect(box.noteFleetActivityEnded().box.current == nil)
        let end = reduceFleetLiveActivity([], box, now: 70, endDebounce: hold)
        #expect(box.applying(end, delivered).box.current == nil)
        #expect(FleetBox.empty.noteFleetActivityStarted().box.current == FleetCardMemory(content: nil))
    }
}
