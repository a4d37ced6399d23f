import FleetCard
import Testing
@testable import FleetModel

/// The app's dedupe, asked once per number of cards (`FleetSystem.dedupeLosers`), is what
/// FleetCard's `cardsToEnd` says for that many cards, with the guard on and off.
@Suite("Fleet dedupe per card count")
struct FleetDedupeLosersTests {
    @Test("the mask names exactly the cards FleetCard ends", arguments: [true, false])
    func matchesFleetCard(dedupe: Bool) {
        var guards = Guards.all
        guards.dedupe = dedupe
        for count in 0...FleetState.cardCapacity {
            let refs = (0..<count).map { FleetCardRef(id: "card\($0)", updatedAt: Double($0)) }
            let ended = Set(FleetActivityDedupe.cardsToEnd(refs, guards: guards).map(\.id))
            let mask = FleetSystem.dedupeLosers(count: count, guards: guards)
            for k in 0..<count { #expect((mask >> UInt64(k)) & 1 == (ended.contains("card\(k)") ? 1 : 0), "\(count) cards, card \(k)") }
            #expect(mask >> UInt64(count) == 0)
            if dedupe && count > 1 { #expect(mask != 0, "\(count) cards: the dedupe ends some") }
            if !dedupe { #expect(mask == 0) }
        }
    }
}

/// The table the model reads is built from its own configuration's guards: a step, not the
/// table, shows the dedupe on and off.
@Suite("Fleet dedupe step")
struct FleetDedupeStepTests {
    @Test("activityUpdates keeps only the newest of three cards with the dedupe guard; without it, ends none", arguments: [true, false])
    func step(dedupe: Bool) throws {
        var guards = Guards.all
        guards.dedupe = dedupe
        let model = FleetSystem(config: Fixture.config(guards: guards))
        var s = model.initialStates()[0]
        s.devices[0].app = .foreground
        s.devices[0].cards = FixedList((1...3).map { (n: UInt8) in
            CardCell(
                content: CardContent(working: n, needsInput: 0, rows: [], more: 0), token: 0, posted: false,
                pushCapable: false, origin: .app, registered: false, sendFailed: false, besideRegistered: false)
        })
        // No card has a token to POST: without the dedupe the step changes nothing (not taken).
        let next = model.next(s, .activityUpdates(0))
        #expect(next?.devices[0].cards.map(\.content.working) == (dedupe ? [3] : nil))
    }
}
