import Testing
@testable import FleetCard

@Suite struct FleetActivityDedupeTests {
    @Test("the survivor is the newest updatedAt; ties go to the larger id")
    func survivor() {
        let cards = [FleetCardRef(id: "b", updatedAt: 5), FleetCardRef(id: "a", updatedAt: 9), FleetCardRef(id: "c", updatedAt: 9)]
        let (survivor, losers) = FleetActivityDedupe.partition(cards)
        #expect(survivor == FleetCardRef(id: "c", updatedAt: 9))
        #expect(losers.map(\.id) == ["a", "b"])
    }

    @Test("one card or none: nothing to end")
    func single() {
        #expect(FleetActivityDedupe.cardsToEnd([FleetCardRef(id: "a", updatedAt: 0)]) == [])
        #expect(FleetActivityDedupe.partition([]).survivor == nil)
    }

    @Test("without the dedupe guard both cards stay")
    func guardOff() throws {
        let cards = [FleetCardRef(id: "a", updatedAt: 1), FleetCardRef(id: "b", updatedAt: 2)]
        #expect(FleetActivityDedupe.cardsToEnd(cards).map(\.id) == ["a"])
        let off = try #require(Guards.allBut("dedupe"))
        #expect(FleetActivityDedupe.cardsToEnd(cards, guards: off) == [])
    }
}
