import Explorer
import Synchronization

/// A thread-safe memo table for pure functions of small keys: FleetCard's reducers are pure,
/// so a result computed once for a key is the result for every later call (speed only). Split
/// in 16 stripes by hash, so two search threads rarely wait for each other.
final class Memo<Key: WordHashable, Value: Sendable>: Sendable {
    /// Held inline (not a class each): a lookup borrows its stripe, no retain and release.
    private let stripes = InlineArray<16, Mutex<[Hashed<Key>: Value]>> { _ in Mutex([:]) }

    func value(_ key: consuming Key, _ compute: () -> Value) -> Value {
        let hashed = Hashed(key)
        let stripe = hashed.hash & 15
        if let hit = stripes[stripe].withLock({ $0[hashed] }) { return hit }
        let value = compute()
        stripes[stripe].withLock { $0[hashed] = value }
        return value
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
