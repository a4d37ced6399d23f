import Foundation

/// The habit-progress state a widget renders (spec: State catalog, NEW_DAY state).
public enum WidgetState: String, CaseIterable, Sendable {
    case firstRun, stale, newDay, empty, allDone, defaultProgress

    /// syncedAt older than this renders STALE (widgetStaleThreshold, 18 * 60 * 60 seconds).
    public static let staleThreshold: TimeInterval = 18 * 60 * 60

    /// Resolves the state at `asOf` in the device's current `timeZone`, in the documented
    /// precedence: first-run, stale, new day, then empty / all-done / default.
    public static func resolve(
        _ snapshot: WidgetSnapshot?, asOf: Date, timeZone: TimeZone, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> WidgetState {
        guard let snapshot else { return .firstRun }
        if asOf.timeIntervalSince(snapshot.syncedAt) > staleThreshold { return .stale }
        // Stale outranks new day; the rollover only counts when the reactive layer is on.
        if fixes.contains(.newDayRollover), snapshot.extendedToday != nil,
           !LocalDay.isSame(snapshot.syncedAt, asOf, in: timeZone) { return .newDay }
        let due = snapshot.dueHabits
        if due.isEmpty { return .empty }
        return due.allSatisfy(\.checkedInToday) ? .allDone : .defaultProgress
    }
}
