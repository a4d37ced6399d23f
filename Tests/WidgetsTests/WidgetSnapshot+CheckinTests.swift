import Foundation
import Testing
@testable import Widgets

@Suite struct WidgetSnapshotCheckinTests {
    let at = Fixtures.utc(2026, 3, 10, 9)

    @Test("a tap flips checkedInToday and clears coachLine in the same step, leaving extendedToday")
    func flipsAndClears() throws {
        let s = Fixtures.snapshot(syncedAt: at, habits: [Fixtures.habit("a"), Fixtures.habit("b")], extendedToday: false)
        #expect(s.coachLine == .notYetNewDay)
        for platform in Platform.allCases {
            let next = try #require(s.checkingIn(habitId: "a", on: platform))
            #expect(next.habits[0].checkedInToday)
            #expect(next.coachLine == nil)
            #expect(next.extendedToday == false)
            #expect(next.habits[1] == s.habits[1])
        }
    }

    @Test("unknown, undue, id-less and already-checked habits are no-ops")
    func noOps() {
        let s = Fixtures.snapshot(
            syncedAt: at,
            habits: [Fixtures.habit("a", done: true), Fixtures.habit("b", due: false),
                     WidgetHabit(id: nil, title: "old", dueToday: true, checkedInToday: false)],
            extendedToday: true)
        for platform in Platform.allCases {
            #expect(s.checkingIn(habitId: "a", on: platform) == nil)
            #expect(s.checkingIn(habitId: "b", on: platform) == nil)
            #expect(s.checkingIn(habitId: "zzz", on: platform) == nil)
        }
    }

    @Test("finding W-2: Android's transform leaves coachLineShort derived from the old count")
    func androidKeepsShortLine() throws {
        let s = Fixtures.snapshot(syncedAt: at, habits: [Fixtures.habit("a")], extendedToday: false)
        let android = try #require(s.checkingIn(habitId: "a", on: .android))
        let iOS = try #require(s.checkingIn(habitId: "a", on: .iOS))
        #expect(android.coachLineShort == .notYetNewDay)
        #expect(android.freshCoachLine == .allDone)
        #expect(iOS.coachLineShort == nil)
    }
}
