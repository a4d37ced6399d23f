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

    @Test("an update shortfall leaves the card untouched but refreshes since")
    func updateShortfall() {
        let box = FleetBox(current: FleetCardMemory(content: nil))
        let tick = reduceFleetLiveActivity([working("s1")], box, now: 3)
        let (next, file) = box.applying(tick, half)
        #expect(next.current == box.current && next.since == tick.since && file == .keep)
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

    @Test("no token at all never advances the card for start, update or end; since is still refreshed")
    func noTokens() {
        let start = reduceFleetLiveActivity([working("s1")], .empty, now: 0)
        #expect(FleetBox.empty.applying(start, .none) == (FleetBox(since: start.since), .keep))
        let card = FleetBox(current: FleetCardMemory(content: nil))
        let update = reduceFleetLiveActivity([working("s1")], card, now: 0)
        let end = reduceFleetLiveActivity([], card, now: 0)
        #expect(start.action == .start && update.action == .update && end.action == .end)
        #expect(card.applying(update, .none) == (FleetBox(current: card.current, since: update.since), .keep))
        #expect(card.applying(end, .none) == (FleetBox(current: card.current, zeroSince: 0), .keep))
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
