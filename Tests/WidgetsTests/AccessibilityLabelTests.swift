import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct AccessibilityLabelTests {
    static let synced = Fixtures.utc(2026, 3, 10, 9)

    static func habits(_ titles: [(String, Bool)]) -> [WidgetHabit] {
        titles.enumerated().map { WidgetHabit(id: "h\($0.offset)", title: $0.element.0, dueToday: true, checkedInToday: $0.element.1) }
    }

    @Test("the printed example: one label reads the full state")
    func printedExample() {
        let s = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([
            ("Morning run", true), ("Read 20 min", true), ("Meditate", false), ("No sugar", false)]))
        let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .medium, platform: .iOS, asOf: Self.synced)
        #expect(label.text == "Objectuve. 12 day streak, longest 21. Today: Morning run done, Read 20 min done, Meditate not yet, No sugar not yet.")
    }

    @Test("W-16: Android Small's contentDescription announces '12 days' and '0 of 4 done'; the other surfaces keep the composed example's words")
    func androidSmall() {
        let s = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([
            ("Morning run", true), ("Read 20 min", true), ("Meditate", false), ("No sugar", false)]))
        let small = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .small, platform: .android, asOf: Self.synced)
        #expect(small.text == "Objectuve. 12 days, longest 21. 2 of 4 done. Today: Morning run done, Read 20 min done, Meditate not yet, No sugar not yet.")
        let none = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([("Meditate", false)] + Array(repeating: ("Read", false), count: 3)))
        let zero = AccessibilityLabel.compose(state: .defaultProgress, snapshot: none, surface: .small, platform: .android, asOf: Self.synced)
        #expect(zero.text.contains(" 12 days, ") && zero.text.contains(" 0 of 4 done. "))  // never "0/4"
        for (surface, platform) in [(TapTarget.Surface.medium, Platform.android), (.small, .iOS)] {
            let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: surface, platform: platform, asOf: Self.synced)
            #expect(label.text.hasPrefix("Objectuve. 12 day streak, longest 21. Today: "), "\(surface) \(platform)")
        }
        let allDone = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([("Read", true)]))
        #expect(!AccessibilityLabel.compose(state: .allDone, snapshot: allDone, surface: .small, platform: .android, asOf: Self.synced).text.contains(" done. Today"))
    }

    @Test("the reactive suffix follows the streak phrase: the three printed cells")
    func suffixes() {
        let cases: [(String, String)] = [("flame", "locked in for today"), ("stones", "today's stone laid"), ("sprout", "today's leaf out")]
        for (motif, suffix) in cases {
            let s = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([("Read", false)]), extendedToday: true, metaphor: motif)
            let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .medium, platform: .iOS, asOf: Self.synced)
            #expect(label.text.hasPrefix("Objectuve. 12 day streak, \(suffix), longest 21."))
        }
    }

    @Test("NEW_DAY speaks its literal phrase and no habit rows")
    func newDay() {
        let s = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits([("Read", true)]), extendedToday: true)
        let label = AccessibilityLabel.compose(state: .newDay, snapshot: s, surface: .small, platform: .android, asOf: Self.synced)
        #expect(label.phrases.contains(.newDay) && label.text.contains("New day. Tap to see today's habits."))
        #expect(!label.phrases.contains { if case .habits = $0 { return true } else { return false } })
    }

    @Test("iOS Large speaks the visible window and 'N more habits in the app.'")
    func largeWindow() {
        let s = Fixtures.snapshot(syncedAt: Self.synced, habits: Self.habits((0..<7).map { ("H\($0)", $0 < 5) }))
        let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .large, platform: .iOS, asOf: Self.synced)
        #expect(label.text.contains("Today: H2 done, H3 done, H4 done, H5 not yet. 3 more habits in the app."))
    }

    // MARK: properties

    static func expectSpeechMatchesRender(_ c: RenderCase, _ check: Check) throws {
        guard let snapshot = c.rendered else { return }
        for surface in TapTarget.Surface.allCases {
            let label = AccessibilityLabel.compose(state: c.state, snapshot: snapshot, surface: surface, platform: c.platformValue, asOf: c.asOf, fixes: c.fixes)
            let spokenMotivator = label.phrases.contains { if case .motivator = $0 { return true } else { return false } }
            let drawnMotivator = surface == .large && snapshot.kindlingEnabled
                && AccessibilityLabel.motivator(state: c.state, snapshot: snapshot, platform: c.platformValue) != nil
            check.label("motivator drawn", when: drawnMotivator)
            try check.expect(spokenMotivator == drawnMotivator, "motivator spoken \(spokenMotivator), drawn \(drawnMotivator)")
            if c.platformValue == .android, surface != .small {
                let shown = CoachLine.shown(on: .android, state: c.state, snapshot: snapshot)
                let spoken = label.phrases.contains { if case .coach = $0 { return true } else { return false } }
                check.label("coach shown", when: shown != nil)
                try check.expect(spoken == (shown != nil), "Coach line spoken \(spoken), shown \(shown != nil)")
            }
            let suffix = ReactiveTreatment.resolve(state: c.state, snapshot: snapshot)?.accessibilitySuffix
            if case .streak(_, _, let spokenSuffix, _)? = label.phrases.dropFirst().first {
                try check.expect(spokenSuffix == suffix, "suffix \(spokenSuffix ?? "none") for \(c.state)")
            }
            if surface == .large, c.platformValue == .iOS, c.state == .defaultProgress || c.state == .allDone {
                let window = LargeChecklist(dueHabits: snapshot.dueHabits)
                let spokenRows = label.phrases.compactMap { if case .habits(let h) = $0 { return h.count } else { return nil } }.first
                try check.expect(spokenRows == window.visible.count, "spoke \(spokenRows ?? 0) rows, \(window.visible.count) visible")
            }
        }
    }

    @Test("property: what is spoken matches what renders (motivator, Coach line, reactive suffix, Large window)")
    func property() {
        forAll("speech matches render", Gens.render(traveller: false), cover: ["motivator drawn", "coach shown"]) { c, check in
            try Self.expectSpeechMatchesRender(c, check)
        }
    }

    static func run(without fix: WidgetFix) -> PropertyResult<RenderCase> {
        checkProperty("speech matches render, \(fix.rawValue) off", Gens.render(traveller: false).map { c -> RenderCase in
            var c = c
            c.disabledFix = fix.rawValue
            c.reactive = true
            return c
        }, Self.expectSpeechMatchesRender)
    }

    @Test("without the Q4 gate, a flag-off Large speaks a motivator that is not on screen (OBJ-3317)")
    func motivatorGuardOff() {
        let off = Self.run(without: .motivatorSpeechGate)
        #expect(off.outcome == .failed)
        #expect(off.failure?.hasPrefix("motivator spoken true, drawn false") == true)
    }

    @Test("without the OBJ-2428 fix, TalkBack never speaks a shown Coach line")
    func coachGuardOff() {
        let off = Self.run(without: .spokenCoachLine)
        #expect(off.outcome == .failed)
        #expect(off.failure?.hasPrefix("Coach line spoken false, shown true") == true)
    }
}
