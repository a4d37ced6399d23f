import CPrefetch

/// The keys a rank sent to other ranks lately: a direct-mapped table, each key in the slot its
/// top bits name, forgetting a key when a later one takes its slot.
///
/// It replaces an exact set of every key sent (a second visited set per rank, probed for each
/// successor bound for a peer: issue 52). Forgetting is safe: a key sent again reaches its
/// owner with a step no less than the first (the frontier goes in node order), and the owner
/// keeps the least step of a level and drops a key of an earlier level; only bytes are spent.
/// It compares exact keys, so it never drops a key it was not given; an empty slot holds a
/// value whose top bits name another slot (all ones in slot 0, zero elsewhere).
final class SentKeys: @unchecked Sendable {
    /// 2^16 slots, 512 KiB. Bytes sent a state on 2 ranks (two-phase commit 8 managers / the
    /// default fleet; the bounds are 16 / 64): every key remembered 11.1 / 21.1; 2^16 slots
    /// 11.9 / 22.2; 2^14 13.1 / 24.2; none (the repeats of siblings still dropped) 15.8 / 28.5.
    static var slotBits: Int { 16 }

    private let slots: UnsafeMutablePointer<UInt64>
    private let shift: UInt64

    init(slotBits bits: Int = SentKeys.slotBits) {
        precondition((1...32).contains(bits), "SentKeys: 1 to 32 slot bits")
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: 0, count: 1 << bits)
        slots[0] = .max
        shift = UInt64(64 - bits)
    }

    deinit { slots.deallocate() }

    @inline(__always) private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key >> shift) }

    /// True when `key` is not remembered (it is to be sent); remembers it.
    @inline(__always) func insert(_ key: UInt64) -> Bool {
        let i = slot(key)
        if slots[i] == key { return false }
        slots[i] = key
        return true
    }

    /// Whether `key` is remembered as sent.
    @inline(__always) func contains(_ key: UInt64) -> Bool { slots[slot(key)] == key }

    /// A hint that `key`'s slot is read soon.
    @inline(__always) func prefetch(_ key: UInt64) { cardcheck_prefetch(slots + slot(key)) }
}
