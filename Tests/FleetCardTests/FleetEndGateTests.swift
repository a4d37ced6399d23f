import Testing
@testable import FleetCard

@Suite struct FleetEndGateTests {
    @Test("an untrustworthy count leaves the card untouched, even at zero")
    func unknownIsNotZero() {
        #expect(FleetEndGate().step(trustworthy: false, activeTotal: 0, now: 0).verdict == .untouched)
        #expect(FleetEndGate().step(trustworthy: false, activeTotal: 2, now: 0).verdict == .untouched)
    }

    @Test("without the trustworthiness guard an empty cold store ends the card")
    func guardOff() throws {
        let off = try #require(Guards.allBut("endGateTrustworthiness"))
        #expect(FleetEndGate().step(trustworthy: false, activeTotal: 0, now: 0, guards: off).verdict == .end)
    }

    @Test("trustworthy and active: keep, and the zero timer resets")
    func keep() {
        let (verdict, gate) = FleetEndGate(zeroSince: 3).step(trustworthy: true, activeTotal: 1, now: 5)
        #expect(verdict == .keep && gate == FleetEndGate())
    }

    @Test("trustworthy zero ends at once with hold 0, and only after the hold otherwise (zeroed inside it, as the real app)")
    func hold() {
        #expect(FleetEndGate().step(trustworthy: true, activeTotal: 0, now: 7).verdict == .end)
        let (first, gate) = FleetEndGate().step(trustworthy: true, activeTotal: 0, now: 7, hold: 60)
        #expect(first == .zeroed && gate.zeroSince == 7)
        #expect(gate.step(trustworthy: true, activeTotal: 0, now: 66, hold: 60).verdict == .zeroed)
        #expect(gate.step(trustworthy: true, activeTotal: 0, now: 67, hold: 60).verdict == .end)
    }
}
