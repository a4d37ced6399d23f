import Foundation

/// The habit-progress state a widget renders (spec: State catalog, NEW_DAY state).
public enum WidgetState: String, CaseIterable, Sendable {
    case firstRun, stale, newDay, empty, allDone, defaultProgress

    /// syncedAt older than this renders STALE (widgetStaleThreshold, 18 * 60 * 60 seconds).
    public static let staleThreshold: TimeInterval = 18 * 60 * 60

    /// Resolves the state at `asOf` in the device's current `timeZone`, in the documented
    /// precedence: first-run, stale, new day, then empty / all-done / default.
    public static func resolve(_ snapshot: WidgetSnapshot?, asOf: Date, timeZone: TimeZone) -> WidgetState {
        guard let snapshot else { return .firstRun }
        if asOf.timeIntervalSince(snapshot.syncedAt) > staleThreshold { return .stale }
        // Stale outranks new day; the rollover only counts when the reactive layer is on.
        if snapshot.extendedToday != nil,
           !LocalDay.isSame(snapshot.syncedAt, asOf, in: timeZone) { return .newDay }
        let due = snapshot.dueHabits
        if due.isEmpty { return .empty }
        return due.allSatisfy(\.checkedInToday) ? .allDone : .defaultProgress
    }
}

/// Local-calendar-day questions, always in an explicit time zone.
public enum LocalDay {
    /// Android's isSameLocalDay: year + day-of-year of both instants in the zone read at
    /// render time (the zone at sync time is not recorded in the snapshot).
    public static func isSame(_ a: Date, _ b: Date, in timeZone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.component(.year, from: a) == calendar.component(.year, from: b)
            && calendar.ordinality(of: .day, in: .year, for: a) == calendar.ordinality(of: .day, in: .year, for: b)
    }

    /// The device-local date as 'yyyy-MM-dd', the key extendedToday is computed against.
    public static func key(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
