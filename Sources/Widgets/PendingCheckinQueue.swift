import Foundation

/// The native pending-checkin queue (App Group `widget_pending_checkins` on iOS,
/// SharedPreferences `PENDING_CHECKINS_KEY` on Android): the widget's durable outbox.
///
/// Each mutating method is one read-modify-write under PENDING_CHECKINS_LOCK. Without the
/// lock a caller must use `read()` and `clearAll()` as two separate steps, which is what
/// lets an append land between them.
public struct PendingCheckinQueue: Hashable, Codable, Sendable {
    public private(set) var entries: [PendingCheckin]

    public init(_ entries: [PendingCheckin] = []) { self.entries = entries }

    public var isEmpty: Bool { entries.isEmpty }

    /// appendPendingCheckin: appends `entry` unless one for the same goal and day is queued
    /// (dedup layer 1, when `dedup`). Returns whether the queue changed.
    @discardableResult
    public mutating func append(_ entry: PendingCheckin, dedup: Bool = true) -> Bool {
        if dedup && entries.contains(entry) { return false }
        entries.append(entry)
        return true
    }

    /// drainPendingCheckins: reads and clears in one locked call (destructive by design).
    public mutating func drain() -> [PendingCheckin] {
        defer { entries = [] }
        return entries
    }

    /// The unlocked half of a drain: a read that leaves the queue as it is.
    public func read() -> [PendingCheckin] { entries }

    /// The unlocked other half, and the pre-fix blanket clear after a delivery.
    public mutating func clearAll() { entries = [] }

    /// After a delivery: removes only the entries in `sent`, one occurrence each, so an entry
    /// appended mid-delivery survives; with `removeOnlySent` off, clears everything.
    public mutating func remove(sent: [PendingCheckin], removeOnlySent: Bool = true) {
        guard removeOnlySent else { return clearAll() }
        for entry in sent {
            if let i = entries.firstIndex(of: entry) { entries.remove(at: i) }
        }
    }
}
