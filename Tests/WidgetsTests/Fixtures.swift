import BigNum
import Foundation
@testable import Widgets

/// Small builders shared by the Widgets tests.
enum Fixtures {
    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// An instant given as a UTC wall-clock time.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        local(year, month, day, hour, minute, in: zone("UTC"))
    }

    /// An instant given as a wall-clock time in `zone`.
    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }

    static func habit(_ id: String, due: Bool = true, done: Bool = false) -> WidgetHabit {
        WidgetHabit(id: id, title: "Habit \(id)", dueToday: due, checkedInToday: done)
    }

    static func snapshot(
        syncedAt: Date, habits: [WidgetHabit], extendedToday: Bool? = nil, metaphor: String? = nil,
        kindling: Bool = true
    ) -> WidgetSnapshot {
        var s = WidgetSnapshot(
            syncedAt: syncedAt, streak: 12, longestStreak: 21, habits: habits,
            extendedToday: extendedToday, streakMetaphor: metaphor, kindlingEnabled: kindling)
        if extendedToday != nil { s.coachLine = s.freshCoachLine; s.coachLineShort = s.freshCoachLine }
        return s
    }

    static func scale(_ text: String) -> Rational { Rational(text) ?? Rational(1) }
}
