import Foundation

/// The server's bound on `completedDate` (spec: Credited to the day tapped, OBJ-3740): the
/// last 7 days in the user's time zone, today included; anything else is rejected.
public enum CompletedDateWindow {
    /// The window's length in days (widened from today-or-yesterday, 2, in v4.58).
    public static let days = 7

    /// Whole local days from `completedDate` ('yyyy-MM-dd') to the day of `now` in
    /// `timeZone`; nil when the date does not parse.
    public static func age(of completedDate: String, now: Date, timeZone: TimeZone) -> Int? {
        let parts = completedDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)),
              LocalDay.key(day, in: timeZone) == completedDate else { return nil }
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        guard let todayNoon = calendar.date(from: DateComponents(
            year: today.year, month: today.month, day: today.day, hour: 12)) else { return nil }
        return calendar.dateComponents([.day], from: day, to: todayNoon).day
    }

    /// Whether the server accepts `completedDate` at `now`: 0 to 6 days old.
    public static func accepts(_ completedDate: String, now: Date, timeZone: TimeZone) -> Bool {
        guard let age = age(of: completedDate, now: now, timeZone: timeZone) else { return false }
        return (0..<days).contains(age)
    }
}
