import Testing
@testable import FleetCard

@Suite struct ServerReducerTests {
    let card = FleetBox(current: FleetCardMemory(content: nil))

    @Test("no card and nothing active: nothing")
    func noCardNothing() {
        let tick = reduceFleetLiveActivity([idle("s1"), paused("s2")], .empty, now: 0)
        #expect(tick.action == .nothing && tick.content == .zero(at: 0) && tick.zeroSince == nil)
    }

    @Test("while the boot-time load is in flight the tick does nothing and leaves the memory as it is")
    func noTickDuringTheLoad() {
        var box = FleetBox.booting()
        box.clientEnded = ["s2"]
        let tick = reduceFleetLiveActivity([working("s1")], box, now: 4)
        #expect(tick.action == .nothing && !tick.vetoed && !tick.logsVeto)
        #expect(box.applying(tick, FleetDelivery(attempted: 0, accepted: 0)) == (box, .keep))
    }

    @Test("no card and something active: start")
    func noCardStart() {
        let tick = reduceFleetLiveActivity([working("s1")], .empty, now: 4)
        #expect(tick.action == .start)
        #expect(tick.content.rows == [FleetRow(sid: "s1", title: "s1", state: .working, since: 4)])
    }

    @Test("a card with unchanged content: nothing, but since is refreshed and zeroSince cleared")
    func unchangedIsNothing() {
        let first = reduceFleetLiveActivity([working("s1")], .empty, now: 0)
        var box = FleetBox.empty.applying(first, FleetDelivery(attempted: 1, accepted: 1)).box
        box.current?.zeroSince = 3
        let second = reduceFleetLiveActivity([working("s1")], box, now: 2)
        #expect(second.action == .nothing)
        #expect(second.zeroSince == nil)
        #expect(box.applying(second, .none).box.current?.zeroSince == nil, "applied at once: the timer cleared")
        #expect(second.since == box.since)
        #expect(second.content.updatedAt == 2)
    }

    @Test("a card with changed content: update; an adopted card always updates")
    func changedIsUpdate() {
        #expect(reduceFleetLiveActivity([working("s1")], card, now: 0).action == .update)
        let box = FleetBox(current: FleetCardMemory(content: reduceFleetLiveActivity([working("s1")], .empty, now: 0).content))
        #expect(reduceFleetLiveActivity([asking("s1")], box, now: 1).action == .update)
    }

    @Test("a card and nothing active: end at once with debounce 0; with a hold, zeroed first, ended when it runs out")
    func endAtOnce() {
        let tick = reduceFleetLiveActivity([idle("s1")], card, now: 9)
        #expect(tick.action == .end && tick.zeroSince == 9 && tick.content == .zero(at: 9))
        let held = reduceFleetLiveActivity([], card, now: 9, endDebounce: 5)
        #expect(held.action == .update && held.zeroSince == 9 && held.content == .zero(at: 9), "inside the hold: zeroed")
        let zeroed = FleetBox(current: FleetCardMemory(content: held.content, zeroSince: 9))
        #expect(reduceFleetLiveActivity([], zeroed, now: 11, endDebounce: 5).action == .nothing, "zeroed already")
        #expect(reduceFleetLiveActivity([], zeroed, now: 14, endDebounce: 5).action == .end, "the hold ran out")
    }

    @Test("a duplicated sid is skipped: first row wins, counted once")
    func seenSkip() throws {
        let rows = [working("s1"), asking("s1")]
        let tick = reduceFleetLiveActivity(rows, .empty, now: 0)
        #expect(tick.content.working == 1 && tick.content.needsInput == 0 && tick.content.rows.count == 1)
        let off = try #require(Guards.allBut("seenSidSkip"))
        let loose = reduceFleetLiveActivity(rows, .empty, now: 0, guards: off)
        #expect(loose.content.activeTotal == 2 && loose.content.rows.map(\.sid) == ["s1", "s1"])
    }

    @Test("the veto refuses a start while every active sid is in the ended population, logged once")
    func vetoHolds() {
        let box = FleetBox(clientEnded: ["s1", "s2"])
        let tick = reduceFleetLiveActivity([working("s1")], box, now: 0)
        #expect(tick.action == .nothing && tick.vetoed && tick.logsVeto)
        let logged = box.applying(tick, .none).box
        let again = reduceFleetLiveActivity([working("s1"), asking("s2")], logged, now: 1)
        #expect(again.vetoed && !again.logsVeto)
        let changed = reduceFleetLiveActivity([working("s1"), working("s3")], logged, now: 2)
        #expect(changed.action == .start && !changed.vetoed)
    }

    @Test("without the veto guard the start goes out")
    func vetoOff() throws {
        let off = try #require(Guards.allBut("clientEndedVeto"))
        let tick = reduceFleetLiveActivity([working("s1")], FleetBox(clientEnded: ["s1"]), now: 0, guards: off)
        #expect(tick.action == .start && !tick.vetoed)
    }

    @Test("without updatedAtExcluded every tick of an unchanged card is an update")
    func updatedAtOff() throws {
        let off = try #require(Guards.allBut("updatedAtExcluded"))
        let first = reduceFleetLiveActivity([working("s1")], .empty, now: 0, guards: off)
        let box = FleetBox.empty.applying(first, FleetDelivery(attempted: 1, accepted: 1), guards: off).box
        #expect(reduceFleetLiveActivity([working("s1")], box, now: 2, guards: off).action == .update)
        #expect(reduceFleetLiveActivity([working("s1")], box, now: 2).action == .nothing)
    }
}
