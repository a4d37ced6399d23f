import Synchronization

/// Each distinct value once, named by a 32-bit id (collapse compression, as Spin's): a packed
/// fleet state is a few ids into tables like this one. Thread-safe; ids are given in order of
/// first insertion, so they may differ between runs with several threads: they name storage
/// only and never reach a fingerprint, an order or a report.
final class InternTable<Value: Hashable & Sendable>: Sendable {
    private struct Storage {
        var ids: [Value: UInt32] = [:]
        var values: [Value] = []
    }
    private let storage = Mutex(Storage())

    /// The id of `value`, given a new one the first time it is seen.
    func id(_ value: Value) -> UInt32 {
        storage.withLock { s in
            if let known = s.ids[value] { return known }
            let id = UInt32(truncatingIfNeeded: s.values.count)
            s.values.append(value)
            s.ids[value] = id
            return id
        }
    }

    /// The value named `id` (an id this table gave).
    func value(_ id: UInt32) -> Value { storage.withLock { $0.values[Int(id)] } }

    /// Distinct values held.
    var count: Int { storage.withLock { $0.values.count } }
}
