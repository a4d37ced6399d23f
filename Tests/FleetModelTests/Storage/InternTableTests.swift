import Dispatch
import Synchronization
import Testing
@testable import FleetModel

@Suite("InternTable")
struct InternTableTests {
    @Test("each distinct value gets one id, across chunk boundaries and index growth; its entry reads back")
    func idsAndEntries() {
        let table = InternTable<UInt64>()
        var ids: [UInt32] = []
        for v in 0..<1_200 as Range<UInt64> {
            var value = v &* 11
            // A weak hash on purpose: every value in 8 hashes, so `==` decides.
            ids.append(table.id(&value, hash: v % 8))
        }
        #expect(Set(ids).count == 1_200)
        #expect(table.count == 1_200)
        for v in 0..<1_200 as Range<UInt64> {
            var value = v &* 11
            #expect(table.id(&value, hash: v % 8) == ids[Int(v)])
            let entry = table.entry(ids[Int(v)])
            #expect(InternTable<UInt64>.value(entry).pointee == v &* 11)
            #expect(entry.pointee.hash == v % 8)
        }
    }

    @Test("two threads interning the same values agree on every id")
    func concurrent() {
        let table = InternTable<UInt64>()
        let seen = Mutex([[UInt32]](repeating: [], count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { t in
            var mine: [UInt32] = []
            for v in 0..<10_000 as Range<UInt64> {
                var value = v
                mine.append(table.id(&value, hash: v &* 0x9E37_79B9_7F4A_7C15))
            }
            seen.withLock { $0[t] = mine }
        }
        let both = seen.withLock { $0 }
        #expect(both[0] == both[1])
        #expect(Set(both[0]).count == 10_000)
    }
}
