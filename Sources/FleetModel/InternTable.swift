import Synchronization

/// Each distinct value once, named by a 32-bit id (collapse compression, as Spin's): a packed
/// fleet state is a few ids into tables like this one. Thread-safe and split in 16 stripes by
/// hash, so two search threads rarely wait for each other; ids are given in order of first
/// insertion, so they may differ between runs: they name storage only and never reach a
/// fingerprint, an order or a report.
final class InternTable<Value: WordHashable>: Sendable {
    private struct Storage {
        var ids: [Hashed<Value>: UInt32] = [:]
        var values: [Value] = []
        /// Each value's fingerprint hash (`partHash`), by the same index.
        var hashes: [UInt64] = []
    }
    /// A value's part hash for the fingerprint (`FleetSystem.fingerprint`), computed once per
    /// distinct value, so a state unpacked from ids has its parts' hashes without packing them.
    private let partHash: @Sendable (Value) -> UInt64

    init(partHash: @escaping @Sendable (Value) -> UInt64) { self.partHash = partHash }
    /// An id is its index in its stripe, shifted left by this, or'ed with the stripe's number.
    private static var stripeBits: Int { 4 }
    /// Held inline (not a class each): a lookup borrows its stripe, no retain and release.
    private let stripes = InlineArray<16, Mutex<Storage>> { _ in Mutex(Storage()) }

    /// The id of `value`, given a new one the first time it is seen.
    func id(_ value: Value) -> UInt32 {
        let hashed = Hashed(value)
        let stripe = hashed.hash & ((1 << Self.stripeBits) - 1)
        return stripes[stripe].withLock { s in
            if let known = s.ids[hashed] { return known }
            let id = UInt32(truncatingIfNeeded: s.values.count << Self.stripeBits | stripe)
            s.values.append(value)
            s.hashes.append(partHash(value))
            s.ids[hashed] = id
            return id
        }
    }

    /// The value named `id` (an id this table gave) and its part hash.
    func entry(_ id: UInt32) -> (value: Value, hash: UInt64) {
        let stripe = Int(id) & ((1 << Self.stripeBits) - 1)
        return stripes[stripe].withLock { ($0.values[Int(id) >> Self.stripeBits], $0.hashes[Int(id) >> Self.stripeBits]) }
    }

    /// Distinct values held.
    var count: Int {
        var total = 0
        for k in 0..<(1 << Self.stripeBits) { total += stripes[k].withLock { $0.values.count } }
        return total
    }
}
