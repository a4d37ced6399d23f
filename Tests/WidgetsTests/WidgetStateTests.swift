import Foundation
import Testing
@testable import Widgets

@Suite struct WidgetStateTests {
    let utc = Fixtures.zone("UTC")
    let synced = Fixtures.utc(2026, 3, 10, 9)

    @Test("no snapshot renders first-run, whatever the clock")
    func firstRun() {
        #expect(WidgetState.resolve(nil, asOf: synced, timeZone: utc) == .firstRun)
    }

    @Test("exactly 18 h old is still fresh; one second more is stale")
    func staleBoundary() {
        let s = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")])
        #expect(WidgetState.resolve(s, asOf: synced.addingTimeInterval(18 * 3600), timeZone: utc) == .defaultProgress)
        #expect(WidgetState.resolve(s, asOf: synced.addingTimeInterval(18 * 3600 + 1), timeZone: utc) == .stale)
    }

    @Test("a widget both stale and into a new day shows stale, not new day")
    func staleOutranksNewDay() {
        let s = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")], extendedToday: true)
        #expect(WidgetState.resolve(s, asOf: Fixtures.utc(2026, 3, 11, 8), timeZone: utc) == .stale)
    }

    @Test("a rollover inside the 18 h window is new day when the reactive layer is on")
    func rolloverInsideWindow() {
        let late = Fixtures.utc(2026, 3, 10, 23)
        let s = Fixtures.snapshot(syncedAt: late, habits: [Fixtures.habit("a", done: true)], extendedToday: true)
        #expect(WidgetState.resolve(s, asOf: Fixtures.utc(2026, 3, 11, 0, 5), timeZone: utc) == .newDay)
    }

    @Test("with extendedToday absent the rollover fails closed to the habit-progress state")
    func rolloverFailsClosed() {
        let late = Fixtures.utc(2026, 3, 10, 23)
        let s = Fixtures.snapshot(syncedAt: late, habits: [Fixtures.habit("a", done: true)])
        #expect(WidgetState.resolve(s, asOf: Fixtures.utc(2026, 3, 11, 0, 5), timeZone: utc) == .allDone)
    }

    @Test("empty, all-done and default follow from the due habits only")
    func habitProgress() {
        let none = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a", due: false)])
        let done = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a", done: true), Fixtures.habit("b", due: false)])
        let some = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a", done: true), Fixtures.habit("b")])
        #expect(WidgetState.resolve(none, asOf: synced, timeZone: utc) == .empty)
        #expect(WidgetState.resolve(done, asOf: synced, timeZone: utc) == .allDone)
        #expect(WidgetState.resolve(some, asOf: synced, timeZone: utc) == .defaultProgress)
    }

    @Test("across a US spring-forward the rollover is midnight local, not 24 h")
    func springForward() {
        let ny = Fixtures.zone("America/New_York")
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT; the day has 23 hours.
        let lateSaturday = Fixtures.local(2026, 3, 7, 23, 30, in: ny)
        let s = Fixtures.snapshot(syncedAt: lateSaturday, habits: [Fixtures.habit("a")], extendedToday: true)
        #expect(WidgetState.resolve(s, asOf: Fixtures.local(2026, 3, 7, 23, 59, in: ny), timeZone: ny) == .defaultProgress)
        #expect(WidgetState.resolve(s, asOf: Fixtures.local(2026, 3, 8, 0, 1, in: ny), timeZone: ny) == .newDay)
        #expect(WidgetState.resolve(s, asOf: Fixtures.local(2026, 3, 8, 3, 30, in: ny), timeZone: ny) == .newDay)
    }

    @Test("a traveller is judged in the render-time zone: the sync zone is not recorded")
    func travellerUsesRenderZone() {
        // Synced 23:30 on 10 Mar in Honolulu (09:30 UTC on 11 Mar), rendered in Tokyo at 19:00 on 11 Mar.
        let honolulu = Fixtures.zone("Pacific/Honolulu"), tokyo = Fixtures.zone("Asia/Tokyo")
        let sync = Fixtures.local(2026, 3, 10, 23, 30, in: honolulu)
        let render = Fixtures.local(2026, 3, 11, 19, 0, in: tokyo)
        let s = Fixtures.snapshot(syncedAt: sync, habits: [Fixtures.habit("a")], extendedToday: true)
        #expect(LocalDay.key(sync, in: honolulu) == "2026-03-10")
        #expect(LocalDay.key(render, in: tokyo) == "2026-03-11")
        // Finding W-4: same Tokyo day for both instants, so no NEW_DAY, yet extendedToday is about 10 Mar.
        #expect(WidgetState.resolve(s, asOf: render, timeZone: tokyo) == .defaultProgress)
    }
}
