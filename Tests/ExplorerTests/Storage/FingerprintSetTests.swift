import SeededRandom
import Testing
@testable import Explorer

@Suite struct FingerprintSetTests {
    @Test("insert and contains agree with Set<UInt64> through many growths")
    func agreesWithSet() {
        var table = FingerprintSet(minimumCapacity: 4)
        defer { table.release() }
        var reference = Set<UInt64>()
        var rng = Xoshiro256(seed: 11)
        for _ in 0..<50_000 {
            let key = rng.next(below: 30_000) &* 0x9E37_79B9_7F4A_7C15  // repeats on purpose
            let inserted = table.insert(key)
            #expect(inserted == reference.insert(key).inserted)
        }
        #expect(table.count == reference.count)
        for key in reference.prefix(1000) { #expect(table.contains(key)) }
        #expect(!table.contains(12345))
    }

    @Test("growths keep every key and its id while the old table's pages are handed back")
    func growthKeepsEverything() {
        var table = FingerprintSet(minimumCapacity: 4, ids: true)
        defer { table.release() }
        let keys = (1...300_000).map { Fingerprint.mix(UInt64($0)) }
        for (i, key) in keys.enumerated() { #expect(table.insert(key, id: UInt32(i)) == UInt32(i)) }
        #expect(table.count == keys.count)
        #expect(keys.enumerated().allSatisfy { table.id(of: $0.element) == UInt32($0.offset) })
        #expect(!table.contains(Fingerprint.mix(300_001)))
    }

    @Test("past its first growth the table costs 10 to 16 bytes per state at every count")
    func bytesPerState() {
        var table = FingerprintSet(minimumCapacity: 4)
        defer { table.release() }
        let first = table.bytes
        var worst = (above16: 0, below10: 0)
        for i in 1...200_000 {
            _ = table.insert(Fingerprint.mix(UInt64(i)))
            guard table.bytes > first else { continue }
            if table.bytes > 16 * table.count, worst.above16 == 0 { worst.above16 = table.count }
            if table.bytes < 10 * table.count, worst.below10 == 0 { worst.below10 = table.count }
        }
        #expect(table.count == 200_000)
        // The first count at which the bound broke, so a failure says where.
        #expect(worst.above16 == 0)
        #expect(worst.below10 == 0)
        #expect(table.bytes == table.slots.count * 8)
    }

    @Test("keys whose home is the last slot wrap around to the first slots and are all found")
    func wrap() {
        var table = FingerprintSet(minimumCapacity: 1000)
        defer { table.release() }
        let capacity = table.slots.count
        #expect(capacity & (capacity - 1) != 0)  // not a power of two: no mask could do this
        // Low 32 bits all ones: multiply-high sends each to the last slot.
        let lastHomed = (1...6).map { UInt64($0) << 32 | 0xFFFF_FFFF }
        let firstTime = lastHomed.map { table.insert($0) }
        #expect(firstTime.allSatisfy { $0 })
        #expect(table.slots[capacity - 1] == lastHomed[0])
        #expect(Array(table.slots[0..<5]) == Array(lastHomed[1...]))
        #expect(lastHomed.allSatisfy { table.contains($0) })
        #expect(!table.contains(7 << 32 | 0xFFFF_FFFF))
        let again = lastHomed.map { table.insert($0) }
        #expect(!again.contains(true))
    }

    @Test("a zero fingerprint is stored (as one) and found")
    func zero() {
        var table = FingerprintSet()
        defer { table.release() }
        let first = table.insert(0), second = table.insert(0)
        #expect(first)
        #expect(table.contains(0))
        #expect(!second)
    }
}
