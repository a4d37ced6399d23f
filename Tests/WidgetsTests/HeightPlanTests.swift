import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct HeightBudgetTests {
    /// spec: Left-column height budget — The always-visible core (fontScale, STALE, printed dp).
    static let coreTable: [(String, Bool, Int)] = [("1.0", false, 63), ("1.3", false, 71), ("1.0", true, 72), ("1.3", true, 80)]

    /// spec: Left-column height budget — The threshold (fontScale, STALE, DAY STREAK ≥, Longest N ≥).
    static let thresholdTable: [(String, Bool, Int, Int)] = [
        ("1.0", false, 124, 147), ("1.15", false, 135, 160), ("1.3", false, 137, 165),
        ("1.0", true, 133, 156), ("1.3", true, 146, 174),
    ]


    @Test("every core cell recomputes; the worst case leaves 4dp at the 130dp floor")
    func coreTableCells() {
        for (fs, stale, printed) in Self.coreTable {
            #expect(HeightPlan.core(fontScale: Fixtures.scale(fs), stale: stale) == Rational(printed), "\(fs) \(stale)")
        }
        #expect(HostBox.contentBox(height: 130) - HeightPlan.core(fontScale: Fixtures.scale("1.3"), stale: true) == 4)
    }

    @Test("every threshold cell recomputes, 160dp at fontScale 1.15 included (W-8 withdrawn)")
    func thresholdTableCells() {
        var mismatches: [String] = []
        for (fs, stale, dayStreak, longest) in Self.thresholdTable {
            let scale = Fixtures.scale(fs)
            let row = "fontScale \(fs) · \(stale ? "STALE" : "caption on")"
            for (name, printed, isLongest) in [("DAY STREAK", dayStreak, false), ("Longest N", longest, true)] {
                let computed = HeightPlan.threshold(longest: isLongest, fontScale: scale, stale: stale)
                if computed != printed { mismatches.append("\(row) · \(name): spec ≥\(printed)dp, formulas ≥\(computed)dp") }
                // The threshold is where the plan flips, so the plan and the formula agree.
                let below = HeightPlan(height: computed - 1, fontScale: scale, stale: stale)
                let at = HeightPlan(height: computed, fontScale: scale, stale: stale)
                #expect((isLongest ? below.showsLongest : below.showsDayStreak) == false)
                #expect((isLongest ? at.showsLongest : at.showsDayStreak) == true)
            }
        }
        #expect(mismatches == [])
    }

    @Test("the bounds table's reasons hold: 155dp hides Longest N at 1.3, 180dp shows it; 130dp seats the STALE core")
    func boundsReasons() {
        let threshold = HeightPlan.threshold(longest: true, fontScale: Fixtures.scale("1.3"), stale: false)
        #expect(threshold > 155 && threshold <= 180)
        #expect(HeightPlan.core(fontScale: Fixtures.scale("1.3"), stale: true) <= HostBox.contentBox(height: 130))
    }

    @Test("Longest N never shows without DAY STREAK")
    func shedOrder() {
        for h in 100...200 {
            for fs in Typography.systemFontScales {
                for stale in [false, true] {
                    let plan = HeightPlan(height: h, fontScale: fs, stale: stale)
                    #expect(!plan.showsLongest || plan.showsDayStreak)
                }
            }
        }
    }

    @Test("finding W-6: from fontScale 1.8 (1.5 in STALE) the always-visible core overflows the 130dp box under every consistent model")
    func coreOverflowsAtLargeFonts() {
        let box = HostBox.contentBox(height: 130)
        for model in [HeightCostModel.consistent.first, HeightCostModel.consistent.last].compactMap({ $0 }) {
            let one = HeightCosts(models: [model])
            #expect(Rational(one.need(.core, .captionOn, fontScale: Fixtures.scale("1.8")).ceiling) > box)
            #expect(Rational(one.need(.core, .stale, fontScale: Fixtures.scale("1.5")).ceiling) > box)
        }
        // The least core over all consistent models, too.
        let least = HeightCosts.safe.needs(.core, .stale, fontScale: Fixtures.scale("1.5")).min()
        #expect(least.map { $0 > box } == true)
        let overflowing = Typography.systemFontScales.filter { HeightPlan.core(fontScale: $0, stale: false) > box }
        let staleOverflowing = Typography.systemFontScales.filter { HeightPlan.core(fontScale: $0, stale: true) > box }
        #expect(overflowing.map(\.description) == ["9/5", "2"])
        #expect(staleOverflowing.map(\.description) == ["3/2", "9/5", "2"])
        // Robust to the inferred padding: the two text lines alone exceed 84dp at 2.0.
        let two = Fixtures.scale("2")
        #expect(Typography.lineBox(sp: 28, fontScale: two) + Typography.lineBox(sp: 11, fontScale: two) > box)
    }

    // MARK: properties

    static func expectMonotone(_ c: BudgetCase, _ check: Check, captionOff: Bool = true) throws {
        // Caption on (or STALE), and the caption-off core of the same case.
        for mode in [c.stale ? ColumnMode.stale : .captionOn] + (captionOff ? [.captionOff] : []) {
            let base = HeightPlan(height: c.height, fontScale: c.fs, mode: mode)
            let taller = HeightPlan(height: c.height + c.extraHeight, fontScale: c.fs, mode: mode)
            let smallerFont = HeightPlan(height: c.height, fontScale: c.smallerFs, mode: mode)
            check.label("DAY STREAK shown", when: base.showsDayStreak)
            try check.expect(!base.showsLongest || base.showsDayStreak, "Longest N without DAY STREAK")
            try check.expect(!base.showsDayStreak || taller.showsDayStreak, "more height hid DAY STREAK")
            try check.expect(!base.showsLongest || taller.showsLongest, "more height hid Longest N")
            try check.expect(!base.showsDayStreak || smallerFont.showsDayStreak, "a larger font showed DAY STREAK")
            try check.expect(!base.showsLongest || smallerFont.showsLongest, "a larger font showed Longest N")
        }
    }

    @Test("at the Settings font scales, caption on or STALE, more height never hides and a larger font never shows more")
    func monotoneProperty() {
        forAll("the height plan is monotone at system font scales", BudgetCase.gen(scales: Gens.systemScale),
               cover: ["DAY STREAK shown"]) { c, check in try Self.expectMonotone(c, check, captionOff: false) }
    }

    @Test("finding W-7, caption off: at 118dp DAY STREAK shows at fontScale 1.3 but not at 1.15 (the Settings steps)")
    func captionOffSettingsStep() {
        #expect(!HeightPlan(height: 118, fontScale: Fixtures.scale("1.15"), mode: .captionOff).showsDayStreak)
        #expect(HeightPlan(height: 118, fontScale: Fixtures.scale("1.3"), mode: .captionOff).showsDayStreak)
        // Robust to the reading: the 28sp head at 1.3 is 3.6dp shorter, more than DAY STREAK grows (≤ 14sp: 2.8dp).
        let head = Typography.lineBox(sp: 34, fontScale: Fixtures.scale("1.15")) - Typography.lineBox(sp: 28, fontScale: Fixtures.scale("1.3"))
        let label = Typography.lineBox(sp: 14, fontScale: Fixtures.scale("1.3")) - Typography.lineBox(sp: 14, fontScale: Fixtures.scale("1.15"))
        #expect(head > label)
    }

    @Test("finding W-7: between 1.15 and 34/28 a larger font shows more (corpus: expected failure)")
    func continuousScaleFinding() {
        let result = checkProperty(
            "the height plan is monotone at any font scale", BudgetCase.gen(scales: Gens.anyScale, heights: 110...200),
            corpus: .tests(suite: "Widgets")) { c, check in try Self.expectMonotone(c, check) }
        #expect(result.replays == [.knownFindingStillFails, .knownFindingStillFails])
        #expect(result.outcome == .failed)
        #expect(result.failure?.hasPrefix("a larger font showed") == true)
    }
}

/// A generated pair of placements for budget monotonicity: `more` has at least the room (and
/// at most the font scale) of `base`.
struct BudgetCase: Codable, Sendable {
    var width: Int
    var height: Int
    var scale: Int
    var digits: Int
    var stale: Bool
    var extraWidth: Int
    var extraHeight: Int
    var smallerScale: Int

    static func gen(
        scales: Gen<Int>, digits: ClosedRange<Int> = 1...3, heights: ClosedRange<Int> = 110...HostBox.maxResizeHeightDp
    ) -> Gen<BudgetCase> {
        .compose { draw in
            let scale = try draw(scales)
            return BudgetCase(
                width: try draw(.int(in: HostBox.minWidthDp...HostBox.maxResizeWidthDp)), height: try draw(.int(in: heights)), scale: scale,
                digits: try draw(.int(in: digits)), stale: try draw(.bool),
                extraWidth: try draw(.int(in: 0...80)), extraHeight: try draw(.int(in: 0...80)),
                smallerScale: try draw(scales.filter { $0 <= scale }))
        }
    }

    var fs: Rational { Gens.scale(scale) }
    var smallerFs: Rational { Gens.scale(smallerScale) }
}
