/// One part of a search split for several machines: the states of level `level` are dealt to
/// `parts` parts by fingerprint, and this part explores below its own share only.
///
/// Exact: every behaviour within the bound passes through one level-`level` state, whose owner
/// explores it, so the union of the parts' verdicts is the unsplit run's (a property is
/// violated in some part iff it is violated, a `sometimes` reached in some part iff reached,
/// and the shortest violation depth is the minimum over parts). Levels above `level` are
/// explored by every part (duplicated work), and a state below it reachable from two parts'
/// shares is explored by both (duplicated work, and counted twice when the parts' state
/// counts are added). A counterexample a part prints is shortest within that part.
public struct SearchPartition: Sendable, Equatable, Hashable {
    /// 1-based.
    public let part: Int
    public let parts: Int
    /// The level whose states are dealt; at least 1 (the initial states are never split).
    public let level: Int

    public init?(part: Int, parts: Int, level: Int) {
        guard parts >= 1, (1...parts).contains(part), level >= 1 else { return nil }
        self.part = part
        self.parts = parts
        self.level = level
    }

    /// Whether this part owns the level-`level` state with visited-set key `key`.
    @inline(__always)
    public func owns(_ key: UInt64) -> Bool {
        parts == 1 || Fingerprint.mix(key ^ 0x5DEE_CE66_D1CE_4E5B) % UInt64(parts) == UInt64(part - 1)
    }
}
