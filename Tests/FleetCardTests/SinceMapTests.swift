import Testing
@testable import FleetCard

@Suite struct SinceMapTests {
    @Test("stamps are sorted by sid then state, the first of a repeated key wins")
    func canonicalOrder() {
        let map = SinceMap([
            SinceStamp(sid: "b", state: .working, since: 3),
            SinceStamp(sid: "a", state: .working, since: 2),
            SinceStamp(sid: "a", state: .needsInput, since: 1),
            SinceStamp(sid: "b", state: .working, since: 9),
        ])
        #expect(map.stamps.map(\.sid) == ["a", "a", "b"])
        #expect(map.since(of: "a", in: .needsInput) == 1)
        #expect(map.since(of: "b", in: .working) == 3)
        #expect(map.since(of: "b", in: .needsInput) == nil)
        #expect(map.sids == ["a", "b"])
    }

    @Test("maps built in different orders are equal values")
    func orderIndependent() {
        let one = SinceStamp(sid: "x", state: .working, since: 1)
        let two = SinceStamp(sid: "y", state: .needsInput, since: 2)
        #expect(SinceMap([one, two]) == SinceMap([two, one]))
    }
}
