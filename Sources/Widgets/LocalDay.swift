import Foundation

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
