import Foundation

/// One widget tap waiting for delivery: the habit and the device-local day it was tapped on
/// (spec: Interactive check-off, `PendingCheckin { goalId, localDate }`).
public struct PendingCheckin: Hashable, Codable, Sendable, CustomStringConvertible {
    public let goalId: String
    /// 'yyyy-MM-dd' in the device's zone at tap time; travels as `completedDate` (OBJ-1858).
    public let localDate: String

    public init(goalId: String, localDate: String) {
        self.goalId = goalId
        self.localDate = localDate
    }

    /// The entry for a tap on `goalId` at `now`, read in the device zone `timeZone`.
    public init(goalId: String, tappedAt now: Date, in timeZone: TimeZone) {
        self.init(goalId: goalId, localDate: LocalDay.key(now, in: timeZone))
    }

    /// The sync store's deterministic id (`widget-checkin-${goalId}-${localDate}`).
    public var syncId: String { "widget-checkin-\(goalId)-\(localDate)" }

    public var description: String { "\(goalId)@\(localDate)" }
}
