/// A direct-mapped memory of the successor keys seen last, one per expanding worker.
///
/// Siblings share many successors, so most repeats are dropped here before they reach the
/// visited table. It compares exact keys, so it never drops a key it has not seen.
struct RecentKeys {
    private var slots = [UInt64](repeating: 0, count: 4096)

    /// False when `key` is the last key its slot held (seen just before); otherwise remembers it.
    @inline(__always) mutating func isNew(_ key: UInt64) -> Bool {
        let slot = Int(truncatingIfNeeded: key) & (slots.count - 1)
        let tag = key == 0 ? 1 : key  // 0 marks an empty slot
        if slots[slot] == tag { return false }
        slots[slot] = tag
        return true
    }
}
