import Explorer
import Synchronization

/// `Memo` for a key written as `words` 64-bit words: hashed by mixing whole words (no
/// byte-by-byte packing), compared word by word, and its value held as it is (a plain struct is
/// handed out without reference counting). Equal words must mean equal inputs; equal inputs
/// with unequal words only cost a second computation.
final class WordMemo<let words: Int, Value: Sendable>: Sendable {
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

/// A memo key: its inputs field by field in `count` words (unused bits 0).
struct MemoKey<let count: Int>: Sendable, Equatable {
    var words = InlineArray<count, UInt64>(repeating: 0)

    /// Each word multiplied by a constant of its position (full width, folded), summed, mixed.
    var hash: UInt64 {
        var h: UInt64 = 0
        for k in 0..<count {
            let p = (words[k] ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(
                by: 0x9E37_79B9_7F4A_7C15 &+ UInt64(k) &* 0x3C6E_F372_FE94_F82A)
            h &+= p.high ^ p.low
        }
        return Fingerprint.mix(h)
    }

    static func == (a: Self, b: Self) -> Bool {
        for k in 0..<count where a.words[k] != b.words[k] { return false }
        return true
    }
}
