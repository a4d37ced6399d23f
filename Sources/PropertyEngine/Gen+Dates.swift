import Foundation

/// Instants and time zones for the widget rules (spec: home-screen-widgets, Stale-data
/// threshold and NEW_DAY): local midnight and "18 hours ago" depend on the zone and on DST.
extension Gen where Value == Date {
    /// An instant in `range`, in whole steps of `step` seconds; shrinks toward the lower bound.
    public static func date(in range: ClosedRange<Date>, step: Int = 1) -> Gen<Date> {
        let seconds = max(step, 1)
        let start = range.lowerBound.timeIntervalSince1970
        let steps = Int((range.upperBound.timeIntervalSince1970 - start) / Double(seconds))
        return Gen<Int>.int(in: 0...max(steps, 0)).map { Date(timeIntervalSince1970: start + Double($0 * seconds)) }
    }
}

extension Gen where Value == TimeZone {
    /// Zone identifiers that exercise the calendar's corners: GMT first (the simplest; Linux reports "UTC" as "GMT"),
    /// zones with DST in either hemisphere, Lord Howe's 30-minute DST shift, half- and
    /// quarter-hour offsets, the date line's extremes.
    public static let zoneIdentifiers: [String] = [
        "GMT", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata",
        "America/St_Johns", "Asia/Kathmandu", "Australia/Adelaide", "Pacific/Chatham",
        "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles", "Europe/Berlin",
        "Asia/Tokyo", "America/Sao_Paulo",
    ]

    /// A time zone from `identifiers` (default: `zoneIdentifiers`); shrinks toward the first.
    /// Identifiers the system does not know are dropped.
    public static func timeZone(from identifiers: [String] = zoneIdentifiers) -> Gen<TimeZone> {
        let zones = identifiers.compactMap { TimeZone(identifier: $0) }
        return .element(of: zones.isEmpty ? [TimeZone(secondsFromGMT: 0) ?? .current] : zones)
    }
}
