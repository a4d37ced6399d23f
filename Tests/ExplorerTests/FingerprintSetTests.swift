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

    @Test("the load stays at or under 0.6 and the capacity a power of two")
    func load() {
        var table = FingerprintSet(minimumCapacity: 4)
        defer { table.release() }
        for i in 1...10_000 { _ = table.insert(Fingerprint.mix(UInt64(i))) }
        let capacity = table.slots.count
        #expect(capacity & (capacity - 1) == 0)
        #expect(Double(table.count) / Double(capacity) <= 0.6)
        #expect(table.bytes == capacity * 8)
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
