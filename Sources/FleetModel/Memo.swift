import Synchronization

/// A thread-safe memo table for pure functions of small keys: FleetCard's reducers are pure,
/// so a result computed once for a key is the result for every later call (speed only).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    func value(_ key: Key, _ compute: () -> Value) -> Value {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let value = compute()
        table.withLock { $0[key] = value }
        return value
    }
}
