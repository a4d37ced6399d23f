/// The visited set: an open-addressing table of 64-bit fingerprints with linear probing.
///
/// Power-of-two capacity, load kept at or under 0.6; zero marks an empty slot, so a fingerprint
/// of zero is stored as one (a collision the collision estimate already covers).
/// `Set<UInt64>` does a third of the inserts per second; the table is where the speed is won.
@usableFromInline
struct FingerprintSet {
    @usableFromInline var slots: [UInt64]
    @usableFromInline var mask: Int
    @usableFromInline var count: Int
    @usableFromInline var growAt: Int

    @usableFromInline init(minimumCapacity: Int = 1 << 12) {
        var capacity = 16
        while capacity * 3 / 5 < minimumCapacity { capacity <<= 1 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
        count = 0
        growAt = capacity * 3 / 5
    }

    /// Bytes held by the table itself.
    @usableFromInline var bytes: Int { slots.count * MemoryLayout<UInt64>.stride }

    /// Inserts `fingerprint`; true when it was not there yet.
    @inlinable @inline(__always)
    mutating func insert(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        if count >= growAt { grow() }
        return slots.withUnsafeMutableBufferPointer { table in
            var i = Int(truncatingIfNeeded: key) & mask
            while true {
                let here = table[i]
                if here == key { return false }
                if here == 0 {
                    table[i] = key
                    count += 1
                    return true
                }
                i = (i + 1) & mask
            }
        }
    }

    /// Whether `fingerprint` is in the set.
    @inlinable @inline(__always)
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        return slots.withUnsafeBufferPointer { table in
            var i = Int(truncatingIfNeeded: key) & mask
            while true {
                let here = table[i]
                if here == key { return true }
                if here == 0 { return false }
                i = (i + 1) & mask
            }
        }
    }

    @usableFromInline mutating func grow() {
        let old = slots
        let capacity = slots.count * 2
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
        growAt = capacity * 3 / 5
        count = 0
        for key in old where key != 0 { _ = insert(key) }
    }
}
