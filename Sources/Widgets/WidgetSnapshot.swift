import Foundation

/// The last-synced widget snapshot, as the native widget decodes it (spec: Architecture,
/// Two new snapshot fields, Coach line). Optional fields are absent keys, never sentinels.
public struct WidgetSnapshot: Equatable, Sendable {
    /// When JS built the snapshot; the render clock is always passed in separately.
    public var syncedAt: Date
    public var streak: Int
    public var longestStreak: Int
    /// Today's habits in display order.
    public var habits: [WidgetHabit]
    /// Present only when reactive_streak_widget_enabled is on; absence is the fail-closed signal.
    public var extendedToday: Bool?
    /// The raw streakMetaphor key, present alongside extendedToday; see `StreakMotif.resolve`.
    public var streakMetaphor: String?
    /// The Coach-line template JS chose (JS owns the string; native code never derives it).
    public var coachLine: CoachLineState?
    /// The ≤ 24-character Coach form for narrow Large / Medium (Android only).
    public var coachLineShort: CoachLineState?
    /// kindling_widget_enabled as mirrored into the snapshot; false when unreadable.
    public var kindlingEnabled: Bool

    public init(
        syncedAt: Date, streak: Int, longestStreak: Int, habits: [WidgetHabit],
        extendedToday: Bool? = nil, streakMetaphor: String? = nil,
        coachLine: CoachLineState? = nil, coachLineShort: CoachLineState? = nil,
        kindlingEnabled: Bool = false
    ) {
        self.syncedAt = syncedAt
        self.streak = streak
        self.longestStreak = longestStreak
        self.habits = habits
        self.extendedToday = extendedToday
        self.streakMetaphor = streakMetaphor
        self.coachLine = coachLine
        self.coachLineShort = coachLineShort
        self.kindlingEnabled = kindlingEnabled
    }

    /// The habits due today, in display order.
    public var dueHabits: [WidgetHabit] { habits.filter(\.dueToday) }
}

/// One habit row of the snapshot.
public struct WidgetHabit: Equatable, Sendable {
    /// The stable per-habit id; nil on snapshots that predate check-off (renders read-only).
    public var id: String?
    public var title: String
    public var dueToday: Bool
    public var checkedInToday: Bool

    public init(id: String?, title: String, dueToday: Bool, checkedInToday: Bool) {
        self.id = id
        self.title = title
        self.dueToday = dueToday
        self.checkedInToday = checkedInToday
    }
}

/// The two platforms, whose documented behaviour differs in places the spec names.
public enum Platform: String, CaseIterable, Sendable {
    case iOS, android
}
