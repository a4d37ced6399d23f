import Foundation
import Testing
@testable import Widgets

@Suite struct WidgetSnapshotSyncTests {
    let tokyo = Fixtures.zone("Asia/Tokyo")

    func source(reactive: Bool, dates: [String] = [], saved: String? = "flame", supporter: Bool = false) -> SyncSource {
        SyncSource(
            habits: [Fixtures.habit("a", done: true), Fixtures.habit("b")], streak: 3, longestStreak: 9,
            signInDates: dates, savedMetaphor: saved, isSupporter: supporter, reactiveEnabled: reactive,
            kindlingEnabled: true)
    }

    @Test("with the reactive flag off, extendedToday, streakMetaphor and both Coach keys are absent")
    func flagOff() {
        let s = WidgetSnapshot.synced(from: source(reactive: false, dates: ["2026-03-10"]), at: Fixtures.utc(2026, 3, 10, 1), timeZone: tokyo)
        #expect(s.extendedToday == nil && s.streakMetaphor == nil && s.coachLine == nil && s.coachLineShort == nil)
    }

    @Test("extendedToday compares signInDates with the device-local day at sync time")
    func extendedToday() {
        // 23:30 UTC on 9 Mar is 08:30 on 10 Mar in Tokyo.
        let now = Fixtures.utc(2026, 3, 9, 23, 30)
        #expect(WidgetSnapshot.synced(from: source(reactive: true, dates: ["2026-03-10"]), at: now, timeZone: tokyo).extendedToday == true)
        #expect(WidgetSnapshot.synced(from: source(reactive: true, dates: ["2026-03-09"]), at: now, timeZone: tokyo).extendedToday == false)
    }

    @Test("a non-Supporter's flame is written as stones and picks the stones Coach line")
    func effectiveMotif() {
        let s = WidgetSnapshot.synced(from: source(reactive: true), at: Fixtures.utc(2026, 3, 10, 1), timeZone: tokyo)
        #expect(s.streakMetaphor == "stones" && s.coachLine == .inProgress)
        let p = WidgetSnapshot.synced(from: source(reactive: true, supporter: true), at: Fixtures.utc(2026, 3, 10, 1), timeZone: tokyo)
        #expect(p.streakMetaphor == "flame" && p.coachLine == .flameSupporter && p.coachLineShort == .flameSupporter)
    }
}
