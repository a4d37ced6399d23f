/// The visited set: an open-addressing table of 64-bit fingerprints with linear probing.
///
/// Power-of-two capacity, load kept at or under 0.6; zero marks an empty slot, so a fingerprint
/// of zero is stored as one (a collision the collision estimate already covers).
/// `Set<UInt64>` does a third of the inserts per second; the table is where the speed is won.
/// The slots are raw memory (no copy-on-write check per insert); the owner calls `release()`.
struct FingerprintSet {
    private(set) var slots: UnsafeMutableBufferPointer<UInt64>
    private var mask: Int
    private(set) var count: Int
    private var growAt: Int

    init(minimumCapacity: Int = 1 << 12) {
        var capacity = 16
        while capacity * 3 / 5 < minimumCapacity { capacity <<= 1 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        mask = capacity - 1
        count = 0
        growAt = capacity * 3 / 5
    }

    /// Frees the slots; the set must not be used afterwards.
    func release() { slots.deallocate() }

    /// Bytes held by the table itself.
    var bytes: Int { slots.count * MemoryLayout<UInt64>.stride }

    /// Inserts `fingerprint`; true when it was not there yet.
    @inline(__always)
    mutating func insert(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        if count >= growAt { grow() }
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let here = slots[i]
            if here == key { return false }
            if here == 0 {
                slots[i] = key
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Reads the slot `fingerprint` starts probing at. Reading the slots of a batch of keys
    /// before inserting them lets their cache misses overlap instead of queueing one by one.
    @inline(__always)
    func touch(_ fingerprint: UInt64) -> UInt64 { slots[Int(truncatingIfNeeded: fingerprint) & mask] }

    /// Whether `fingerprint` is in the set.
    @inline(__always)
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let here = slots[i]
            if here == key { return true }
            if here == 0 { return false }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        let capacity = old.count * 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        mask = capacity - 1
        growAt = capacity * 3 / 5
        count = 0
        for key in old where key != 0 { _ = insert(key) }
        old.deallocate()
    }
}
