/// Every mechanism the spec credits with a check-in guarantee, each a switch so a test or the
/// explorer can turn one off and watch the guarantee it carries fail (spec: Interactive
/// check-off, Background check-in delivery, OBJ-1858).
public enum CheckinGuard: String, CaseIterable, Codable, Sendable {
    /// PENDING_CHECKINS_LOCK: a drain's read and clear are one step, so no append lands between.
    case queueLock
    /// Delivery removes only the entries it sent, never a blanket clear.
    case removeOnlySent
    /// The JS drain awaits `syncStore.flush()` instead of the store's fire-and-forget persistence.
    case awaitedFlush
    /// `flush()` persists only once the store has hydrated from disk.
    case hydrationGuard
    /// Dedup layer 1: `appendPendingCheckin` refuses a second entry for the same goal and day.
    case writeDedup
    /// Dedup layer 2: `syncStore.enqueue` refuses a second entry with the same deterministic id.
    case storeDedup
    /// Dedup layer 3: GoalTracking::CheckInHabit returns the existing completion for (goal, date).
    case serverIdempotency
    /// UNAUTHORIZED wipes the token and stops the drain, leaving everything queued.
    case unauthorizedStopAndClear
    /// OBJ-1858: the payload carries `completedDate`, so the tap's day is credited.
    case completedDatePayload
    /// OBJ-1858: `tryReplay` reads a populated errors array as a permanent, reported error.
    case errorsArrayChecked

    /// Everything the spec says has shipped.
    public static let shipped = Set(allCases)

    /// The switches in declaration order, for tables and messages.
    public static var names: [String] { allCases.map(\.rawValue) }
}
