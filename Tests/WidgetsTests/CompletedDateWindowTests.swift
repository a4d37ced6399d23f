import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct CompletedDateWindowTests {
    let ny = Fixtures.zone("America/New_York")

    @Test("today through six days ago are accepted; seven days ago and tomorrow are not", arguments: [
        ("2026-03-10", true), ("2026-03-09", true), ("2026-03-04", true),
        ("2026-03-03", false), ("2026-03-11", false), ("2026-3-10", false), ("garbage", false),
    ])
    func window(date: String, accepted: Bool) {
        // 10 March 2026, 09:00 New York (DST began on 8 March, inside the window).
        let now = Fixtures.local(2026, 3, 10, 9, in: ny)
        #expect(CompletedDateWindow.accepts(date, now: now, timeZone: ny) == accepted)
    }

    @Test("the day is the user's zone's: 02:00 UTC on 11 March is still 10 March in New York")
    func zone() {
        let now = Fixtures.utc(2026, 3, 11, 2)
        #expect(CompletedDateWindow.age(of: "2026-03-10", now: now, timeZone: ny) == 0)
        #expect(CompletedDateWindow.age(of: "2026-03-10", now: now, timeZone: Fixtures.zone("UTC")) == 1)
    }

    @Test("a tap's own day is accepted for six more midnights, in any zone, across DST")
    func property() {
        let start = Fixtures.utc(2026, 3, 1, 0)
        let end = Fixtures.utc(2026, 11, 10, 0)
        let gen = Gen.zip(Gen.date(in: start...end, step: 600), Gen.timeZone(), Gen.int(in: 0...9))
        forAll("a tap is accepted exactly for seven local days", gen) { c, check in
            let (tap, zone, days) = c
            let entry = PendingCheckin(goalId: "g", tappedAt: tap, in: zone)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let later = calendar.date(byAdding: .day, value: days, to: tap) ?? tap
            check.label(days < 7 ? "inside" : "outside")
            try check.expect(
                CompletedDateWindow.accepts(entry.localDate, now: later, timeZone: zone) == (days < 7),
                "\(entry.localDate) at +\(days) days in \(zone.identifier)")
        }
    }
}
