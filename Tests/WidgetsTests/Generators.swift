import BigNum
import Foundation
import PropertyTesting
@testable import Widgets

/// One habit of a generated case; ids are "h<index>", absent on an old snapshot's row.
struct HabitCase: Codable, Sendable, Equatable {
    var due: Bool
    var done: Bool
    var hasId: Bool
}

/// A generated sync-then-render story: what JS knew, when and where it synced, the widget taps
/// made before the render, and when and where the widget renders.
struct RenderCase: Codable, Sendable {
    var platform: String
    var hasSnapshot: Bool
    var habits: [HabitCase]
    var reactive: Bool
    var kindling: Bool
    var signedInToday: Bool
    var savedMetaphor: String?
    var supporter: Bool
    /// Seconds since 1970 (stored as an integer so corpus files read plainly).
    var syncedAt: Int
    var syncZone: String
    var renderZone: String
    /// Seconds from sync to render; negative when the device clock went back.
    var renderAfter: Int
    var taps: [Int]
    /// A shipped fix switched off for a guard-off check; absent everywhere else.
    var disabledFix: String?

    var fixes: Set<WidgetFix> { WidgetFix.shipped.filter { $0.rawValue != disabledFix } }
    var platformValue: Platform { Platform(rawValue: platform) ?? .iOS }
    var syncDate: Date { Date(timeIntervalSince1970: TimeInterval(syncedAt)) }
    var asOf: Date { syncDate.addingTimeInterval(TimeInterval(renderAfter)) }
    var syncTimeZone: TimeZone { Fixtures.zone(syncZone) }
    var renderTimeZone: TimeZone { Fixtures.zone(renderZone) }

    /// The snapshot JS wrote, before any widget tap.
    var synced: WidgetSnapshot? {
        guard hasSnapshot else { return nil }
        let rows = habits.enumerated().map {
            WidgetHabit(id: $0.element.hasId ? "h\($0.offset)" : nil, title: "Habit \($0.offset)",
                        dueToday: $0.element.due, checkedInToday: $0.element.done)
        }
        let today = LocalDay.key(syncDate, in: syncTimeZone)
        let source = SyncSource(
            habits: rows, streak: 12, longestStreak: 21, signInDates: signedInToday ? [today] : ["2000-01-01"],
            savedMetaphor: savedMetaphor, isSupporter: supporter, reactiveEnabled: reactive, kindlingEnabled: kindling)
        return WidgetSnapshot.synced(from: source, at: syncDate, timeZone: syncTimeZone)
    }

    /// The snapshot the widget renders: the synced one after every tap that was not a no-op.
    var rendered: WidgetSnapshot? {
        guard var snapshot = synced else { return nil }
        for tap in taps {
            if let next = snapshot.checkingIn(habitId: "h\(tap)", on: platformValue, fixes: fixes) { snapshot = next }
        }
        return snapshot
    }

    var state: WidgetState { WidgetState.resolve(rendered, asOf: asOf, timeZone: renderTimeZone, fixes: fixes) }
}

enum Gens {
    static let zones = Gen<TimeZone>.zoneIdentifiers
    static let metaphors: [String?] = [nil, "stones", "sprout", "flame", "mountain", "waves", "volcano"]

    /// An instant in 2026, two times in three within 30 h before one of `zone`'s DST changes
    /// (when it has any), so renders up to 21 h later often cross it.
    static func instant(in zone: TimeZone) -> Gen<Int> {
        let year = 1_767_225_600...1_798_761_599
        return .compose { draw in
            let t = try draw(.int(in: year))
            guard try draw(.int(in: 0...2)) > 0,
                  let change = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(t)))
            else { return t }
            return Int(change.timeIntervalSince1970) - (try draw(.int(in: 0...108_000)))
        }
    }

    static let habit: Gen<HabitCase> = .compose { draw in
        HabitCase(due: try draw(.frequency([(4, .constant(true)), (1, .constant(false))])),
                  done: try draw(.bool), hasId: try draw(.frequency([(9, .constant(true)), (1, .constant(false))])))
    }

    /// Render cases; `traveller` lets the render zone differ from the sync zone.
    static func render(traveller: Bool) -> Gen<RenderCase> {
        .compose { draw in
            let syncZone = try draw(.element(of: zones))
            let habits = try draw(.array(of: habit, count: 0...7))
            return RenderCase(
                platform: try draw(.element(of: Platform.allCases.map(\.rawValue))),
                hasSnapshot: try draw(.frequency([(12, .constant(true)), (1, .constant(false))])),
                habits: habits,
                reactive: try draw(.frequency([(3, .constant(true)), (1, .constant(false))])),
                kindling: try draw(.bool),
                signedInToday: try draw(.bool),
                savedMetaphor: try draw(.element(of: metaphors)),
                supporter: try draw(.bool),
                syncedAt: try draw(instant(in: Fixtures.zone(syncZone))),
                syncZone: syncZone,
                renderZone: traveller ? try draw(.element(of: zones)) : syncZone,
                renderAfter: try draw(.int(in: -120...1_260)) * 60,
                taps: try draw(.array(of: .int(in: 0...7), count: 0...4)), disabledFix: nil)
        }
    }

    /// Font scales in hundredths: the Android Settings steps, or any scale 0.85…2.0.
    static let systemScale: Gen<Int> = .element(of: [85, 100, 115, 130, 150, 180, 200])
    /// Any scale, half the time near the numeral step at 1.15.
    static let anyScale: Gen<Int> = .frequency([(1, .int(in: 85...200)), (1, .int(in: 110...125))])

    /// Any scale 0.85…2.0 except the printed columns (1.0, 1.3, 2.0): the scales the advance
    /// envelope covers, a fifth of them within 0.02 of a column.
    static let betweenScale: Gen<Int> = Gen<Int>.frequency([(4, .int(in: 85...200)), (1, .element(of: [98, 99, 101, 102, 128, 129, 131, 132, 198, 199]))])
        .filter { !printedColumns.contains($0) }
    /// The element table's font-scale columns, in hundredths.
    static let printedColumns = [100, 130, 200]

    static func scale(_ hundredths: Int) -> Rational { Rational(hundredths, 100) }
}

/// The local day number of `date` in `zone` by offset arithmetic, an oracle independent of
/// Calendar: floor((t + offset(t)) / 86 400).
func dayNumber(_ date: Date, in zone: TimeZone) -> Int {
    let t = Int(date.timeIntervalSince1970) + zone.secondsFromGMT(for: date)
    return t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
}
