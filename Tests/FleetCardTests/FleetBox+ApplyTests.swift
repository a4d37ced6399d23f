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
        #expect(kept.box.current != nil && kept.box.zeroSince == 3 && kept.file == .keep)
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
        #expect(card.applying(end, .none) == (FleetBox(current: card.current, zeroSince: 0), .keep))
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
