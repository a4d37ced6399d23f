/// A direct-mapped memory of the successor keys seen last, one per expanding worker.
///
/// Siblings share many successors, so most repeats are dropped here before they reach the
/// visited table. It compares exact keys, so it never drops a key it has not seen.
struct RecentKeys {
    /// Owns `slots`; each `RecentKeys()` has its own (no value here is ever copied and shared).
    private let storage: Storage
    /// The slots through a plain pointer: a `[UInt64]` written once per step paid a uniqueness
    /// check (a runtime call) on every write (issue 34).
    private let slots: UnsafeMutablePointer<UInt64>

    init() {
        storage = Storage()
        slots = storage.slots
    }

    /// False when `key` is the last key its slot held (seen just before); otherwise remembers it.
    @inline(__always) mutating func isNew(_ key: UInt64) -> Bool {
        let slot = Int(truncatingIfNeeded: key) & (Storage.count - 1)
        let tag = key == 0 ? 1 : key  // 0 marks an empty slot
        if slots[slot] == tag { return false }
        slots[slot] = tag
        return true
    }

    /// The slots' memory, freed with the last `RecentKeys` holding it.
    private final class Storage: @unchecked Sendable {
        static var count: Int { 4096 }
        let slots: UnsafeMutablePointer<UInt64>

        init() {
            slots = .allocate(capacity: Self.count)
            slots.initialize(repeating: 0, count: Self.count)
        }

        deinit { slots.deallocate() }
    }
}
