import Explorer
import Synchronization

/// A thread-safe memo table for pure functions of small keys: FleetCard's reducers are pure,
/// so a result computed once for a key is the result for every later call (speed only). Split
/// in 16 stripes by hash, so two search threads rarely wait for each other. The key is its
/// inputs written as `words` 64-bit words (`MemoKey`): hashed by mixing whole words, compared
/// word by word; the value is held as it is (a plain struct is handed out without reference
/// counting). Equal words must mean equal inputs; equal inputs with unequal words would only
/// cost a second computation.
final class Memo<let words: Int, Value: Sendable>: Sendable {
    private let stripes = InlineArray<16, Mutex<Table>> { _ in Mutex(Table()) }

    func value(_ key: MemoKey<words>, _ compute: () -> Value) -> Value {
        let hash = key.hash
        let stripe = Int(truncatingIfNeeded: hash & 15)
        if let hit = stripes[stripe].withLock({ $0.find(key, hash) }) { return hit }
        let value = compute()
        stripes[stripe].withLock { $0.insert(key, hash, value) }
        return value
    }

    /// One stripe's entries, in order of insertion, and an open-addressing index over them
    /// (linear probing from the hash's bits above the stripe's): the index stays a few bytes a
    /// slot at half full, the entries take no slack.
    struct Table {
        struct Slot {
            /// The key's hash with the low bit set (0: an empty slot).
            var tag: UInt64 = 0
            var entry: Int = 0
        }
        var slots = [Slot](repeating: Slot(), count: 8)
        var keys: [MemoKey<words>] = []
        var values: [Value] = []

        func find(_ key: MemoKey<words>, _ hash: UInt64) -> Value? {
            let mask = slots.count - 1, tag = hash | 1
            var i = Int(truncatingIfNeeded: hash >> 4) & mask
            while slots[i].tag != 0 {
                if slots[i].tag == tag && keys[slots[i].entry] == key { return values[slots[i].entry] }
                i = (i + 1) & mask
            }
            return nil
        }

        /// Adds the entry unless another thread computed it first; the index grows at half full.
        mutating func insert(_ key: MemoKey<words>, _ hash: UInt64, _ value: Value) {
            guard find(key, hash) == nil else { return }
            keys.append(key)
            values.append(value)
            if 2 * keys.count > slots.count {
                // The tag keeps every bit of the hash the probe uses.
                let old = slots
                slots = [Slot](repeating: Slot(), count: 2 * old.count)
                for slot in old where slot.tag != 0 { place(slot) }
            }
            place(Slot(tag: hash | 1, entry: keys.count - 1))
        }

        private mutating func place(_ slot: Slot) {
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: slot.tag >> 4) & mask
            while slots[i].tag != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}

/// A key with its hash computed once: the stripe and the dictionary both use it, and a lookup
/// compares the hashes before the keys.
struct Hashed<Key: WordHashable>: Hashable, Sendable {
    let hash: Int
    let key: Key

    init(_ key: consuming Key) {
        var p = WordPacker()
        key.pack(into: &p)
        hash = Int(truncatingIfNeeded: p.finish())
        self.key = key
    }

    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.key == b.key }
    func hash(into h: inout Hasher) { h.combine(hash) }
    /// The dictionary's own hash of an already-hashed key: one multiply-xorshift instead of a
    /// second SipHash round (the stripe took the low bits, so they are mixed back in).
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: Fingerprint.mix(UInt64(truncatingIfNeeded: hash) ^ UInt64(truncatingIfNeeded: seed)))
    }
}
