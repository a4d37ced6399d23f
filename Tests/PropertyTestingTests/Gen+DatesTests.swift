import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct GenDatesTests {
    @Test("instants fall in the range on whole steps and shrink to its start")
    func instants() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000), end = start.addingTimeInterval(86_400)
        let gen = Gen.date(in: start...end, step: 60)
        let dates = sample(gen, count: 300)
        #expect(dates.allSatisfy { (start...end).contains($0) })
        #expect(dates.allSatisfy { Int($0.timeIntervalSince(start)) % 60 == 0 })
        #expect(try replay(gen, []) == start)
    }

    @Test("the zone list holds DST, half-hour and quarter-hour zones, all known to the system")
    func zones() {
        let zones = Gen<TimeZone>.zoneIdentifiers.compactMap(TimeZone.init(identifier:))
        #expect(zones.count == Gen<TimeZone>.zoneIdentifiers.count)
        let july = Date(timeIntervalSince1970: 1_720_000_000), january = Date(timeIntervalSince1970: 1_705_000_000)
        #expect(zones.contains { $0.secondsFromGMT(for: july) != $0.secondsFromGMT(for: january) })
        #expect(zones.contains { $0.secondsFromGMT(for: january) % 3_600 == 1_800 })
        #expect(zones.contains { $0.secondsFromGMT(for: january) % 1_800 == 900 })
        // Lord Howe shifts by 30 minutes at DST, not an hour.
        let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")
        #expect(lordHowe.map { abs($0.secondsFromGMT(for: july) - $0.secondsFromGMT(for: january)) } == 1_800)
        #expect(Set(sample(Gen.timeZone(), count: 400).map(\.identifier)) == Set(Gen<TimeZone>.zoneIdentifiers))
    }
}
