import Testing
@testable import FleetCard

@Suite struct DeliveryTests {
    @Test("start needs one accepted send")
    func startThreshold() {
        #expect(FleetDelivery(attempted: 3, accepted: 1).verdict(for: .start) == .met)
        #expect(FleetDelivery(attempted: 3, accepted: 0).verdict(for: .start) == .noneAccepted)
        #expect(FleetDelivery(attempted: 0, accepted: 0).verdict(for: .start) == .noTokens)
    }

    @Test("update and end need every send accepted; without the guard any accepted will do")
    func updateEndThreshold() throws {
        let off = try #require(Guards.allBut("allAcceptedForUpdateAndEnd"))
        for action in [FleetAction.update, .end] {
            #expect(FleetDelivery(attempted: 2, accepted: 2).verdict(for: action) == .met)
            #expect(FleetDelivery(attempted: 2, accepted: 1).verdict(for: action) == .partial)
            #expect(FleetDelivery(attempted: 2, accepted: 1).verdict(for: action, guards: off) == .met)
            #expect(FleetDelivery(attempted: 2, accepted: 0).verdict(for: action, guards: off) == .noneAccepted)
            #expect(FleetDelivery.none.verdict(for: action) == .noTokens)
        }
    }

    @Test("the verdicts are named after the spec's log events")
    func logNames() {
        #expect(DeliveryVerdict.noTokens.rawValue == "no-tokens")
        #expect(DeliveryVerdict.noneAccepted.rawValue == "none-accepted")
        #expect(DeliveryVerdict.partial.rawValue == "partial")
    }
}
