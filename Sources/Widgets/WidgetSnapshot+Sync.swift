import Foundation

/// What the app knows when useWidgetSnapshot.ts builds a snapshot.
public struct SyncSource: Equatable, Sendable {
    public var habits: [WidgetHabit]
    public var streak: Int
    public var longestStreak: Int
    /// user.signInDates as 'yyyy-MM-dd' device-local days.
    public var signInDates: [String]
    public var savedMetaphor: String?
    public var isSupporter: Bool
    public var reactiveEnabled: Bool
    public var kindlingEnabled: Bool

    public init(
        habits: [WidgetHabit], streak: Int, longestStreak: Int, signInDates: [String],
        savedMetaphor: String?, isSupporter: Bool, reactiveEnabled: Bool, kindlingEnabled: Bool
    ) {
        self.habits = habits
        self.streak = streak
        self.longestStreak = longestStreak
        self.signInDates = signInDates
        self.savedMetaphor = savedMetaphor
        self.isSupporter = isSupporter
        self.reactiveEnabled = reactiveEnabled
        self.kindlingEnabled = kindlingEnabled
    }
}

extension WidgetSnapshot {
    /// The snapshot JS writes at `now` on a device in `timeZone` (spec: Two new snapshot
    /// fields, Coach line). The reactive fields and both Coach fields are written only when
    /// reactive_streak_widget_enabled is on; otherwise the keys are absent.
    public static func synced(from source: SyncSource, at now: Date, timeZone: TimeZone) -> WidgetSnapshot {
        var snapshot = WidgetSnapshot(
            syncedAt: now, streak: source.streak, longestStreak: source.longestStreak,
            habits: source.habits, kindlingEnabled: source.kindlingEnabled)
        guard source.reactiveEnabled else { return snapshot }
        let motif = StreakMotif.effective(saved: source.savedMetaphor, isSupporter: source.isSupporter)
        snapshot.extendedToday = source.signInDates.contains(LocalDay.key(now, in: timeZone))
        snapshot.streakMetaphor = motif.rawValue
        let coach = CoachLineState.resolve(dueHabits: snapshot.dueHabits, metaphor: motif)
        snapshot.coachLine = coach
        snapshot.coachLineShort = coach
        return snapshot
    }

    /// The Coach fields JS would write for this snapshot's current habits, for checking that
    /// a native transform left no derived field stale.
    public var freshCoachLine: CoachLineState? {
        guard extendedToday != nil else { return nil }
        return CoachLineState.resolve(dueHabits: dueHabits, metaphor: StreakMotif.resolve(streakMetaphor))
    }
}
