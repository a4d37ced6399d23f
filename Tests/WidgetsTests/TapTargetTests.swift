import PropertyTesting
import Testing
@testable import Widgets

@Suite struct TapTargetTests {
    @Test("a due, unchecked row with an id checks off on kindling; otherwise it is read-only")
    func table() {
        let due = Fixtures.habit("a"), done = Fixtures.habit("b", done: true), notDue = Fixtures.habit("c", due: false)
        let noId = WidgetHabit(id: nil, title: "Old", dueToday: true, checkedInToday: false)
        for platform in Platform.allCases {
            #expect(TapTarget.checksOff(due, on: .medium, platform: platform, state: .defaultProgress, kindling: true))
            for habit in [done, notDue, noId] {
                #expect(!TapTarget.checksOff(habit, on: .medium, platform: platform, state: .defaultProgress, kindling: true))
            }
            #expect(!TapTarget.checksOff(due, on: .medium, platform: platform, state: .defaultProgress, kindling: false))
        }
        #expect(!TapTarget.checksOff(due, on: .small, platform: .iOS, state: .defaultProgress, kindling: true, iOS17: false))
    }

    @Test("Android: a STALE surface never invites a check-off, on Small, Medium and Large")
    func staleAndroid() {
        for surface in TapTarget.Surface.allCases {
            #expect(!TapTarget.checksOff(Fixtures.habit("a"), on: surface, platform: .android, state: .stale, kindling: true))
        }
    }

    @Test("NEW_DAY: no row checks off on either platform or any surface (rows absent; Android Small is one tap target)")
    func newDay() {
        let due = Fixtures.habit("a")
        for platform in Platform.allCases {
            for surface in TapTarget.Surface.allCases {
                #expect(!TapTarget.checksOff(due, on: surface, platform: platform, state: .newDay, kindling: true), "\(platform) \(surface)")
            }
        }
        // the case: a due, open habit with an id, kindling on, Medium, iOS 17
        #expect(!TapTarget.checksOff(due, on: .medium, platform: .iOS, state: .newDay, kindling: true, iOS17: true))
        #expect(TapTarget.checksOff(due, on: .medium, platform: .iOS, state: .defaultProgress, kindling: true, iOS17: true))
    }

    @Test("property: a rendered NEW_DAY widget carries no per-habit tap target, whatever its snapshot's rows say")
    func newDayProperty() {
        forAll("a NEW_DAY widget never checks a habit off", Gens.render(traveller: true), cover: ["new day", "tap target"]) { c, check in
            guard let snapshot = c.rendered else { return }
            check.label("new day", when: c.state == .newDay)
            for surface in TapTarget.Surface.allCases {
                for habit in snapshot.habits {
                    let taps = TapTarget.checksOff(habit, on: surface, platform: c.platformValue, state: c.state,
                                                   kindling: snapshot.kindlingEnabled, fixes: c.fixes)
                    check.label("tap target", when: taps)
                    try check.expect(!(taps && c.state == .newDay), "a NEW_DAY \(surface) row on \(c.platformValue) checks off")
                }
            }
        }
    }

    static func expectStaleReadOnly(_ c: RenderCase, _ check: Check) throws {
        guard let snapshot = c.rendered, c.platformValue == .android else { return }
        for surface in TapTarget.Surface.allCases {
            for habit in snapshot.habits {
                let taps = TapTarget.checksOff(habit, on: surface, platform: .android, state: c.state, kindling: snapshot.kindlingEnabled, fixes: c.fixes)
                check.label("tap target", when: taps)
                try check.expect(!(taps && c.state == .stale), "a STALE \(surface) row invites a check-off")
                try check.expect(!taps || habit.dueToday && !habit.checkedInToday && habit.id != nil && snapshot.kindlingEnabled,
                                 "a tap target on a row the write path cannot vouch for")
            }
        }
    }

    @Test("property: a tap target only on a row the write path can vouch for, never on STALE (Android)")
    func property() {
        forAll("a stale surface never invites a check-off", Gens.render(traveller: false), cover: ["tap target"]) { c, check in
            try Self.expectStaleReadOnly(c, check)
        }
    }

    @Test("without the uniform STALE gate, Medium invites a check-off on a stale surface (PR #1671)")
    func guardOff() {
        let stale = Gens.render(traveller: false).map { c -> RenderCase in
            var c = c
            c.platform = Platform.android.rawValue
            c.kindling = true
            c.hasSnapshot = true
            c.habits = [HabitCase(due: true, done: false, hasId: true)] + c.habits
            c.renderAfter = 19 * 3600 + abs(c.renderAfter)
            return c
        }
        #expect(checkProperty("stale gate on", stale, Self.expectStaleReadOnly).outcome == .passed)
        let off = checkProperty("stale gate off", stale.map { c -> RenderCase in
            var c = c
            c.disabledFix = WidgetFix.staleTapGate.rawValue
            return c
        }, Self.expectStaleReadOnly)
        #expect(off.outcome == .failed)
        #expect(off.failure?.hasPrefix("a STALE medium row invites a check-off") == true)
    }
}
