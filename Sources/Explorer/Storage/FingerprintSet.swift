import CPrefetch

/// The visited set: an open-addressing table of 64-bit fingerprints with linear probing.
///
/// Any capacity, not just powers of two: a key's first slot is Lemire's multiply-high of its low
/// 32 bits by the capacity (the top bits name a shard, see `VisitedShards`). The table grows by
/// `growthNumerator / growthDenominator` at load `loadNumerator / loadDenominator`, so it costs
/// 8 / maxLoad to 8 · growth / maxLoad bytes per state wherever the count falls (issue 2, Speed).
/// Zero marks an empty slot, so a fingerprint of zero is stored as one (a collision the
/// collision estimate already covers). The slots are raw memory; the owner calls `release()`.
struct FingerprintSet {
    private(set) var slots: UnsafeMutableBufferPointer<UInt64>
    /// With `ids`, the node id of each slot's state (same index), for a search that records its
    /// transitions as node ids (behaviour counting); empty otherwise.
    private var ids: UnsafeMutableBufferPointer<UInt32>
    /// `slots.count`, as the multiplier of the multiply-high reduction.
    private var scale: UInt64
    private(set) var count: Int
    private var growAt: Int
    /// Past the search's memory mark, the keys flushed from the table, on disk (nil: none).
    /// Unretained, so the set stays a plain value (a reference in it made every copy of a
    /// shard retain and release it: +8% instructions in memory); `VisitedShards` owns the runs.
    var runReference: Unmanaged<FingerprintRun>?

    /// The run on disk, for what is not on the search's path (merges, sizes).
    var run: FingerprintRun? { runReference?.takeUnretainedValue() }

    // Load ≤ 0.8, growth ×1.5: 10 to 15 bytes per state, as fast as the old power-of-two table
    // at load ≤ 0.6 (README, Benchmarks). ×1.25 would save 2.5 bytes for twice the rehashing.
    static var loadNumerator: Int { 4 }
    static var loadDenominator: Int { 5 }
    static var growthNumerator: Int { 3 }
    static var growthDenominator: Int { 2 }

    init(minimumCapacity: Int = 1 << 12, ids withIDs: Bool = false) {
        var capacity = 16
        while Self.limit(capacity) < minimumCapacity { capacity = Self.grown(capacity) }
        slots = PageMemory.allocate(UInt64.self, count: capacity)
        ids = PageMemory.allocate(UInt32.self, count: withIDs ? capacity : 0)
        scale = UInt64(capacity)
        count = 0
        growAt = Self.limit(capacity)
    }

    /// The count at which a table of `capacity` slots grows.
    static func limit(_ capacity: Int) -> Int { capacity * loadNumerator / loadDenominator }

    /// The capacity after growing from `capacity`.
    static func grown(_ capacity: Int) -> Int { capacity * growthNumerator / growthDenominator }

    /// Frees the slots; the set must not be used afterwards.
    func release() {
        PageMemory.release(slots)
        PageMemory.release(ids)
    }

    /// Bytes held by the table itself.
    var bytes: Int { tableBytes + (run?.bytes ?? 0) }

    /// Bytes of the table's slots (and ids), without its run's index.
    var tableBytes: Int { slots.count * MemoryLayout<UInt64>.stride + ids.count * MemoryLayout<UInt32>.stride }

    var hasIDs: Bool { ids.count > 0 }

    /// The slot `key` starts probing at: its low 32 bits scaled to the capacity (monotone, so a
    /// growth rehashes in near order). 32 bits suffice while there are under 2³² slots.
    @inline(__always)
    private func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: ((key & 0xFFFF_FFFF) &* scale) >> 32) }

    /// Inserts `fingerprint`; true when it was not there yet.
    @inline(__always)
    mutating func insert(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        if count >= growAt { grow() }
        let i = slot(of: key)
        if slots[i] == key { return false }
        if let runReference, runReference._withUnsafeGuaranteedRef({ $0.contains(key) }) { return false }
        slots[i] = key
        count += 1
        return true
    }

    /// Inserts `fingerprint` with node id `id` unless it is there; returns the id stored for it
    /// (`id` itself when it was new). Only for a set made `ids: true`.
    @inline(__always)
    mutating func insert(_ fingerprint: UInt64, id: UInt32) -> UInt32 {
        let key = Self.key(fingerprint)
        if count >= growAt { grow() }
        let i = slot(of: key)
        if slots[i] == key { return ids[i] }
        // Only keys of earlier levels go to the run (`drain(keepingPlacesFrom:)`): place 0 is
        // below every place of the level being filled, which is all a caller compares.
        if let runReference, runReference._withUnsafeGuaranteedRef({ $0.contains(key) }) { return 0 }
        slots[i] = key
        ids[i] = id
        count += 1
        return id
    }

    /// The node id stored with `fingerprint` (made `ids: true`), 0 when it is in the run (see
    /// `insert(_:id:)`), `UInt32.max` when it is in neither; `setID` may write other slots' ids
    /// meanwhile, never the slots themselves.
    @inline(__always)
    func id(of fingerprint: UInt64) -> UInt32 {
        let key = Self.key(fingerprint)
        let i = slot(of: key)
        if slots[i] == key { return ids[i] }
        if let runReference, runReference._withUnsafeGuaranteedRef({ $0.contains(key) }) { return 0 }
        return UInt32.max
    }

    /// Sets the node id of `fingerprint`, which must be in the set (made `ids: true`).
    @inline(__always)
    func setID(_ fingerprint: UInt64, _ id: UInt32) {
        let key = Self.key(fingerprint)
        let i = slot(of: key)
        if slots[i] == key { ids[i] = id }
    }

    /// Asks the cache for the slots `fingerprint` probes first, without waiting for them: a
    /// plain read of the slot (as before) holds back every later instruction until it arrives.
    /// Two lines, the home slot's and the next: at load 0.53-0.8 a probe for a new key runs on
    /// past its home line often (issue 34: 2PC-8's probes were an eighth of its run time).
    /// A prefetch past the table's end never faults.
    @inline(__always)
    func prefetch(_ fingerprint: UInt64) {
        guard let base = slots.baseAddress else { return }
        let first = base + home(fingerprint)
        cardcheck_prefetch(first)
        cardcheck_prefetch(first + 8)
    }

    /// Whether `fingerprint` is in the set (its run on disk included).
    @inline(__always)
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        if slots[slot(of: key)] == key { return true }
        return runReference?._withUnsafeGuaranteedRef { $0.contains(key) } ?? false
    }

    /// Whether `fingerprint` is in the table in memory (not looked up in the run on disk).
    @inline(__always)
    func containsInMemory(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        return slots[slot(of: key)] == key
    }

    /// The table's keys, rotated as the run orders them and sorted, and the table emptied to
    /// its smallest size (its pages handed back first). A set with ids keeps the keys whose
    /// id is `first` or more, with their ids: a distributed rank's places of the level being
    /// filled, the only ones it reads (`DistributedRun.take`); earlier levels' need membership only.
    mutating func drain(keepingPlacesFrom first: UInt32 = .max) -> [UInt64] {
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        var kept: [(key: UInt64, id: UInt32)] = []
        let withIDs = ids.count > 0
        // Slots go in the order of their keys' low 32 bits, but for probes run on past a
        // neighbour or wrapped to the start: nearly sorted once rotated, which the sort finds.
        for i in slots.indices where slots[i] != 0 {
            if withIDs && ids[i] >= first {
                kept.append((slots[i], ids[i]))
            } else {
                keys.append(FingerprintRun.rotated(slots[i]))
            }
        }
        release()
        let run = runReference
        self = FingerprintSet(minimumCapacity: max(1 << 12, kept.count), ids: withIDs)
        runReference = run
        // Not `insert`: the kept keys are not in the run, which need not be read for them.
        for (key, id) in kept {
            let i = emptySlot(for: key)
            slots[i] = key
            ids[i] = id
            count += 1
        }
        keys.sort()
        return keys
    }

    /// The stored key of `fingerprint` (0 is kept as 1: see the type's comment).
    @inline(__always)
    private static func key(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    /// The slot holding `key`, or the empty slot where it goes: linear probing from its home.
    @inline(__always)
    private func slot(of key: UInt64) -> Int {
        var i = home(key)
        while slots[i] != key && slots[i] != 0 {
            i &+= 1
            if i == slots.count { i = 0 }
        }
        return i
    }

    /// The empty slot where `key`, known not to be in the table, goes (a growth's rehash).
    @inline(__always)
    private func emptySlot(for key: UInt64) -> Int {
        var i = home(key)
        while slots[i] != 0 {
            i &+= 1
            if i == slots.count { i = 0 }
        }
        return i
    }

    private mutating func grow() {
        let old = slots, oldIDs = ids
        let capacity = Self.grown(old.count)
        slots = PageMemory.allocate(UInt64.self, count: capacity)
        ids = PageMemory.allocate(UInt32.self, count: oldIDs.count > 0 ? capacity : 0)
        scale = UInt64(capacity)
        growAt = Self.limit(capacity)
        // The keys are distinct: each goes to the first empty slot from its home. Homes keep the
        // order of the old table's, so the writes sweep the new table nearly in order, and the
        // old table's pages are handed back as the sweep passes them: the two tables together
        // never hold much more than the new one (the search's peak is often a growth).
        let moveIDs = oldIDs.count > 0
        let chunk = 1 << 15
        var j = 0
        // The part of the new table this chunk's keys go to, mapped writable first (see
        // `PageMemory.populate`); eight pages past it for keys probing on (one page measured a
        // little slower with 2 threads), the rest at the last chunk.
        let spread = Double(capacity) / Double(old.count)
        let slack = 8 * PageMemory.pageSize / MemoryLayout<UInt64>.stride
        while j < old.count {
            let end = min(j + chunk, old.count)
            let ahead = Int(Double(j) * spread)..<(end == old.count ? capacity : Int(Double(end) * spread) + slack)
            PageMemory.populate(slots, ahead)
            if moveIDs { PageMemory.populate(ids, ahead) }
            for k in j..<end where old[k] != 0 {
                let i = emptySlot(for: old[k])
                slots[i] = old[k]
                if moveIDs { ids[i] = oldIDs[k] }
            }
            PageMemory.discard(old, before: end)
            if moveIDs { PageMemory.discard(oldIDs, before: end) }
            j = end
        }
        PageMemory.release(old)
        PageMemory.release(oldIDs)
    }
}
