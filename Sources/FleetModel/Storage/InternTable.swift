import Synchronization

/// Storage: each distinct part is held once; InternTableTests pins one id per value and its read-back.
///
/// Each distinct value once, named by a 32-bit id (collapse compression, as Spin's): a packed
/// fleet state is a few ids into tables like this one. Thread-safe and split in 16 stripes by
/// hash, so two search threads rarely wait for each other; ids are given in order of first
/// insertion, so they may differ between runs: they name storage only and never reach a
/// fingerprint, an order or a report.
///
/// A value is keyed by its fingerprint part hash (`FleetSystem.partHashes`), which the caller
/// has usually computed already (`fingerprint` caches it in the state's box); `==` decides, so
/// a collision costs only speed.
final class InternTable<Value: Equatable & Sendable>: @unchecked Sendable {
    struct Entry {
        let value: Value
        let hash: UInt64
    }

    /// A stripe's index: slot = hash's top 32 bits << 32 | (index in the stripe + 1), 0 empty.
    private struct Index {
        var slots = [UInt64](repeating: 0, count: 16)
        var count = 0
    }

    /// An id is its index in its stripe, shifted left by this, or'ed with the stripe's number.
    private static var stripeBits: Int { 4 }
    private static var stripeCount: Int { 1 << stripeBits }
    /// Chunk c of a stripe holds `firstChunk << c` entries: 23 chunks hold the 2^28 an id allows.
    private static var firstChunkBits: Int { 6 }
    private static var chunksPerStripe: Int { 24 }

    /// Held inline (not a class each): a lookup borrows its stripe, no retain and release.
    private let stripes = InlineArray<16, Mutex<Index>> { _ in Mutex(Index()) }
    /// Each stripe's chunks, `chunksPerStripe` a stripe. Entries never move, so `entry(_:)`
    /// reads without a lock: a chunk and its entries are written (under the stripe's lock)
    /// before their id is returned, and an id reaches another thread only through a lock or
    /// the search's level barrier, both of which order that write before the read.
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>

    init() {
        chunks = .allocate(capacity: Self.stripeCount * Self.chunksPerStripe)
        chunks.initialize(repeating: nil, count: Self.stripeCount * Self.chunksPerStripe)
    }

    deinit {
        for k in 0..<(Self.stripeCount * Self.chunksPerStripe) {
            guard let chunk = chunks[k] else { continue }
            chunk.deinitialize(count: (1 << Self.firstChunkBits) << (k % Self.chunksPerStripe))
            chunk.deallocate()
        }
        chunks.deallocate()
    }

    /// Where entry `index` of `stripe` lives: its chunk (a slot of `chunks`) and its offset.
    @inline(__always) private static func place(_ stripe: Int, _ index: Int) -> (chunk: Int, offset: Int) {
        let j = index + (1 << firstChunkBits)
        let c = (Int.bitWidth - 1 - j.leadingZeroBitCount) - firstChunkBits
        return (stripe * chunksPerStripe + c, j - ((1 << firstChunkBits) << c))
    }

    /// The entry named `id` (an id this table gave), in place.
    @inline(__always) func entry(_ id: UInt32) -> UnsafePointer<Entry> {
        let (chunk, offset) = Self.place(Int(id) & (Self.stripeCount - 1), Int(id) >> Self.stripeBits)
        return UnsafePointer(chunks[chunk].unsafelyUnwrapped + offset)
    }

    /// The value of the entry at `entry`, in place.
    @inline(__always) static func value(_ entry: UnsafePointer<Entry>) -> UnsafePointer<Value> {
        (UnsafeRawPointer(entry) + MemoryLayout<Entry>.offset(of: \Entry.value)!).assumingMemoryBound(to: Value.self)
    }

    /// The id of the value at `value` (part hash `hash`), given a new one the first time it is seen.
    func id(_ value: UnsafePointer<Value>, hash: UInt64) -> UInt32 {
        id(hash: hash, equals: { equalInPlace($0, value) }, make: { value.pointee })
    }

    /// The id of the value `equals` recognizes (part hash `hash`), made by `make` and given a
    /// new id the first time: a caller compares its parts in place, building no value to look up.
    @inline(__always)
    func id(hash: UInt64, equals: (UnsafePointer<Value>) -> Bool, make: () -> Value) -> UInt32 {
        let stripe = Int(truncatingIfNeeded: hash) & (Self.stripeCount - 1)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        return stripes[stripe].withLock { index in
            let mask = index.slots.count - 1
            var slot = Int(truncatingIfNeeded: hash >> UInt64(Self.stripeBits)) & mask
            while true {
                let s = index.slots[slot]
                if s == 0 { break }
                if s & 0xFFFF_FFFF_0000_0000 == tag {
                    let i = Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1
                    let id = UInt32(truncatingIfNeeded: i << Self.stripeBits | stripe)
                    if equals(Self.value(entry(id))) { return id }
                }
                slot = (slot + 1) & mask
            }
            let i = index.count
            let (chunk, offset) = Self.place(stripe, i)
            if offset == 0 {
                let size = (1 << Self.firstChunkBits) << (chunk % Self.chunksPerStripe)
                chunks[chunk] = .allocate(capacity: size)
            }
            (chunks[chunk].unsafelyUnwrapped + offset).initialize(to: Entry(value: make(), hash: hash))
            index.slots[slot] = tag | UInt64(i + 1)
            index.count += 1
            if index.count * 2 > index.slots.count { grow(&index, stripe) }
            return UInt32(truncatingIfNeeded: i << Self.stripeBits | stripe)
        }
    }

    /// Doubles a stripe's index, placing each entry again by its stored hash.
    private func grow(_ index: inout Index, _ stripe: Int) {
        var slots = [UInt64](repeating: 0, count: index.slots.count * 2)
        let mask = slots.count - 1
        for s in index.slots where s != 0 {
            let i = Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1
            let hash = entry(UInt32(truncatingIfNeeded: i << Self.stripeBits | stripe)).pointee.hash
            var slot = Int(truncatingIfNeeded: hash >> UInt64(Self.stripeBits)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = s
        }
        index.slots = slots
    }

    /// Distinct values held.
    var count: Int {
        var total = 0
        for k in 0..<Self.stripeCount { total += stripes[k].withLock { $0.count } }
        return total
    }
}
