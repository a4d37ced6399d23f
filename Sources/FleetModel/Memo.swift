import Synchronization

/// A thread-safe memo table for pure functions of small keys: FleetCard's reducers are pure,
/// so a result computed once for a key is the result for every later call (speed only). Split
/// in 16 stripes by hash, so two search threads rarely wait for each other.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Stripe: Sendable {
        let table = Mutex<[Key: Value]>([:])
    }
    private let stripes: [Stripe] = (0..<16).map { _ in Stripe() }

    func value(_ key: Key, _ compute: () -> Value) -> Value {
        let stripe = stripes[key.hashValue & 15]
        if let hit = stripe.table.withLock({ $0[key] }) { return hit }
        let value = compute()
        stripe.table.withLock { $0[key] = value }
        return value
    }
}
