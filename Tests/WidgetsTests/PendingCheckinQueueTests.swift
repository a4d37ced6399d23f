import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct PendingCheckinQueueTests {
    let ny = Fixtures.zone("America/New_York")
    func entry(_ goal: String, _ date: String) -> PendingCheckin { PendingCheckin(goalId: goal, localDate: date) }

    @Test("the entry carries the device-local day of the tap, read in the zone passed in")
    func localDate() {
        // 03:30 UTC on 10 March is still 9 March in New York, already 10 March in Kolkata.
        let tap = Fixtures.utc(2026, 3, 10, 3, 30)
        #expect(PendingCheckin(goalId: "g", tappedAt: tap, in: ny).localDate == "2026-03-09")
        #expect(PendingCheckin(goalId: "g", tappedAt: tap, in: Fixtures.zone("Asia/Kolkata")).localDate == "2026-03-10")
        #expect(entry("g1", "2026-03-09").syncId == "widget-checkin-g1-2026-03-09")
    }

    @Test("a second tap on the same habit and day is a no-op at write time; another day is not")
    func dedup() {
        var q = PendingCheckinQueue()
        let r1 = q.append(entry("g", "2026-03-09"))
        #expect(r1)
        let r2 = q.append(entry("g", "2026-03-09"))
        #expect(!r2)
        let r3 = q.append(entry("g", "2026-03-10"))
        #expect(r3)
        let r4 = q.append(entry("h", "2026-03-09"))
        #expect(r4)
        #expect(q.entries.count == 3)
    }

    @Test("with dedup layer 1 off, the second tap is a second entry")
    func dedupOff() {
        var q = PendingCheckinQueue()
        q.append(entry("g", "2026-03-09"), dedup: false)
        q.append(entry("g", "2026-03-09"), dedup: false)
        #expect(q.entries.count == 2)
    }

    @Test("a drain returns every entry once and leaves the queue empty")
    func drain() {
        var q = PendingCheckinQueue([entry("g", "d1"), entry("h", "d1")])
        #expect(q.drain() == [entry("g", "d1"), entry("h", "d1")])
        #expect(q.isEmpty)
        #expect(q.drain().isEmpty)
    }

    @Test("remove-only-sent keeps an entry appended mid-delivery; a blanket clear wipes it")
    func removeOnlySent() {
        var q = PendingCheckinQueue([entry("g", "d1")])
        let sent = q.read()
        q.append(entry("h", "d1"))
        var blanket = q
        q.remove(sent: sent)
        #expect(q.entries == [entry("h", "d1")])
        blanket.remove(sent: sent, removeOnlySent: false)
        #expect(blanket.isEmpty)
    }

    // MARK: properties

    static let ops = Gen.array(of: Gen.zip(.int(in: 0...3), .int(in: 0...2), .int(in: 0...1)), count: 0...24)

    @Test("whatever the taps and drains, the queue never holds one habit-day twice and no tap is lost")
    func appendDrainProperty() {
        forAll("the queue holds each habit-day once and a drain loses none", Self.ops) { ops, check in
            var q = PendingCheckinQueue()
            var delivered: [PendingCheckin] = []
            var tapped: Set<PendingCheckin> = []
            for (kind, goal, day) in ops {
                let e = entry("g\(goal)", "2026-03-1\(day)")
                if kind == 0 {
                    let drained = q.drain()
                    check.label("drained")
                    delivered += drained
                } else {
                    q.append(e)
                    tapped.insert(e)
                }
                try check.expect(Set(q.entries).count == q.entries.count, "duplicate in \(q.entries)")
            }
            let all = delivered + q.entries
            try check.expect(Set(all) == tapped, "tapped \(tapped), kept \(all)")
        }
    }

    @Test("a delivery that removes only what it sent keeps every entry appended meanwhile")
    func removeOnlySentProperty() {
        let gen = Gen.zip(Self.ops, Self.ops)
        forAll("remove-only-sent keeps mid-delivery appends", gen) { pair, check in
            var q = PendingCheckinQueue()
            for (_, goal, day) in pair.0 { q.append(entry("g\(goal)", "2026-03-1\(day)")) }
            let sent = q.read()
            var appended: [PendingCheckin] = []
            for (_, goal, day) in pair.1 where q.append(entry("h\(goal)", "2026-03-1\(day)")) {
                appended.append(entry("h\(goal)", "2026-03-1\(day)"))
            }
            q.remove(sent: sent)
            try check.expect(q.entries == appended, "kept \(q.entries), appended \(appended)")
        }
    }
}
