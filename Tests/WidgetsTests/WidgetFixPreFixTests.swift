import BigNum
import Foundation
import Testing
@testable import Widgets

/// Each shipped fix switched off gives the behaviour the spec documents from before the fix, on
/// a printed example, and only that: the exhaustive switch makes a new fix name its example.
@Suite struct WidgetFixPreFixTests {
    static let synced = Fixtures.utc(2026, 3, 10, 23, 30)
    static let allOff = WidgetFix.shipped
    static func without(_ fix: WidgetFix) -> Set<WidgetFix> { WidgetFix.shipped.subtracting([fix]) }

    static func allDone(extended: Bool?, metaphor: String?) -> WidgetSnapshot {
        Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a", done: true)], extendedToday: extended, metaphor: metaphor)
    }

    /// (fixed, before the fix) for one switch, each a string that names what renders.
    static func example(_ fix: WidgetFix) -> (fixed: [String], before: [String]) {
        func both(_ body: (Set<WidgetFix>) -> [String]) -> (fixed: [String], before: [String]) {
            (body(WidgetFix.shipped), body(without(fix)))
        }
        switch fix {
        case .newDayRollover:
            // A flame user's late check-in, rendered at 07:00 the next morning (OBJ-1350).
            let s = allDone(extended: true, metaphor: "flame")
            return both { fixes in
                let state = WidgetState.resolve(s, asOf: Fixtures.utc(2026, 3, 11, 7), timeZone: Fixtures.zone("UTC"), fixes: fixes)
                return [state.rawValue, ReactiveTreatment.resolve(state: state, snapshot: s)?.caption(on: .iOS) ?? "no caption"]
            }
        case .clearsCoachLineOnTap:
            // The not-yet-new-day line left on a card the tap made ALL_DONE (OBJ-2436).
            let s = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")], extendedToday: false)
            return both { fixes in [s.checkingIn(habitId: "a", on: .android, fixes: fixes)?.coachLine?.template ?? "no Coach line"] }
        case .pendingAllDoneCopy:
            // ALL_DONE with extendedToday false: the confirmed copy next to "Add today's stone"
            // (OBJ-3256); the baseline branch, a later fix, stays.
            return both { fixes in
                [Platform.iOS, .android].compactMap {
                    AllDoneCopy.line(at: .smallSubtitle, on: $0, motif: .stones, reactive: .notYet, fixes: fixes)?.text
                } + [AllDoneCopy.line(at: .smallSubtitle, on: .android, motif: .stones, reactive: .baseline, fixes: fixes)?.text ?? "-"]
            }
        case .baselineBranch:
            // Flag off: Android Small fed the FLAME sentinel to the selector, "Fire's brighter."
            // for every motif (OBJ-3315); iOS read baseline as confirmed (OBJ-3317).
            return both { fixes in
                StreakMotif.allCases.compactMap {
                    AllDoneCopy.line(at: .smallSubtitle, on: .android, motif: $0, reactive: .baseline, fixes: fixes)?.text
                } + [
                    AllDoneCopy.line(at: .largeMotivator, on: .iOS, motif: .stones, reactive: .baseline, fixes: fixes)?.text ?? "-",
                    AllDoneCopy.line(at: .lockScreenLine3, on: .iOS, motif: .stones, reactive: .baseline, fixes: fixes)?.text ?? "-",
                    AllDoneCopy.line(at: .smallTitle, on: .iOS, motif: .stones, reactive: .baseline, fixes: fixes)?.branch.rawValue ?? "-",
                ]
            }
        case .staleTapGate:
            // Android Medium's rows took a tap on a STALE surface (PR #1671); Small and Large never did.
            let h = Fixtures.habit("a")
            return both { fixes in
                TapTarget.Surface.allCases.map {
                    "\($0.rawValue) \(TapTarget.checksOff(h, on: $0, platform: .android, state: .stale, kindling: true, fixes: fixes))"
                }
            }
        case .motivatorSpeechGate:
            // iOS Large with kindling off spoke a motivator the legacy body does not draw (Q4).
            var s = allDone(extended: true, metaphor: "stones")
            s.kindlingEnabled = false
            return both { fixes in
                let label = AccessibilityLabel.compose(state: .allDone, snapshot: s, surface: .large, platform: .iOS, asOf: synced, fixes: fixes)
                return [label.text]
            }
        case .spokenCoachLine:
            // TalkBack never spoke the Coach line Android Medium showed (OBJ-2428).
            let s = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")], extendedToday: false)
            return both { fixes in
                let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .medium, platform: .android, asOf: synced, fixes: fixes)
                return [label.text]
            }
        case .newDayCaptionFallback:
            // 110 × 159dp at 2.0: "New day" with its icon and the caption row, all rendered (OBJ-1382).
            return both { fixes in
                let p = NewDayPlan(width: 110, height: 159, fontScale: 2, fixes: fixes)
                return ["icon \(p.showsIcon)", "line \(p.showsLine)", "caption row \(p.showsCaptionRow)", "lines \(p.lineCount)"]
            }
        case .footerReservedFirst:
            // main_row wrap_content handed the STALE footer 0dp (OBJ-1372 audit).
            return both { fixes in [StaleFooter.renderedHeight(height: 155, fontScale: 1, fixes: fixes).signum > 0 ? "reserved" : "0dp"] }
        }
    }

    static let expected: [WidgetFix: (fixed: [String], before: [String])] = [
        .newDayRollover: (["newDay", "Add today"], ["allDone", "Locked in today"]),
        .clearsCoachLineOnTap: (["no Coach line"], ["Add today's stone to keep the tower rising."]),
        .pendingAllDoneCopy: (["Today's build. Rest easy.", "Today's build. Rest easy.", "That's the day. Rest easy."],
                              ["Tower's taller. Rest easy.", "Tower's taller. Rest easy.", "That's the day. Rest easy."]),
        .baselineBranch: (Array(repeating: "That's the day. Rest easy.", count: 5) + ["That's the day. Rest easy.", "That's the day", "pending"],
                          Array(repeating: "Fire's brighter. Rest easy.", count: 5) + ["Today's stone laid. Rest easy.", "Every stone laid", "confirmed"]),
        .staleTapGate: (["small false", "medium false", "large false"], ["small false", "medium true", "large false"]),
        .motivatorSpeechGate: (["Objectuve. 12 day streak, today's stone laid, longest 21. Today: Habit a done."],
                               ["Objectuve. 12 day streak, today's stone laid, longest 21. Today: Habit a done. Today's stone laid. Rest easy."]),
        .spokenCoachLine: (["Objectuve. 12 day streak, add today's stone, longest 21. Today: Habit a not yet. Add today's stone to keep the tower rising."],
                           ["Objectuve. 12 day streak, add today's stone, longest 21. Today: Habit a not yet."]),
        .newDayCaptionFallback: (["icon false", "line false", "caption row true", "lines 2"],
                                 ["icon true", "line true", "caption row true", "lines 2"]),
        .footerReservedFirst: (["reserved"], ["0dp"]),
    ]

    @Test("every fix switched off brings back its documented pre-fix behaviour", arguments: WidgetFix.allCases)
    func preFix(fix: WidgetFix) {
        let got = Self.example(fix)
        #expect(got.fixed == Self.expected[fix]?.fixed, "\(fix) on")
        #expect(got.before == Self.expected[fix]?.before, "\(fix) off")
    }
}
