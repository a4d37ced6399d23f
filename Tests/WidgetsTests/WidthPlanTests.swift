import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct WidthBudgetTests {
    /// spec: Width budget — The threshold, band table, transcribed:
    /// (w, box, font scales, digits, showsFlame, showsDaysLabel).
    static let bandTable: [(Int, Int, [String], ClosedRange<Int>, Bool, Bool)] = [
        (110, 70, ["1.0", "1.3"], 1...2, true, false),
        (110, 70, ["1.3"], 3...3, false, false),
        (110, 70, ["2.0"], 2...3, false, false),
        (130, 90, ["1.0", "1.3"], 1...1, true, true),
        (130, 90, ["2.0"], 3...3, false, false),
        (180, 140, ["1.0", "1.3"], 1...3, true, true),
        (180, 140, ["2.0"], 1...2, true, true),
        (250, 210, ["1.0", "1.3", "2.0"], 1...3, true, true),
    ]

    @Test("every cell of the printed band table recomputes from coreW and the advance table")
    func bandTableCells() {
        var mismatches: [String] = []
        for (w, box, scales, digits, flame, label) in Self.bandTable {
            #expect(HostBox.contentWidth(width: w) == Rational(box))
            for fs in scales {
                for d in digits {
                    let plan = WidthPlan(width: w, fontScale: Fixtures.scale(fs), digits: d)
                    if plan.showsFlame != flame || plan.showsDaysLabel != label {
                        mismatches.append("\(w)dp · \(fs) · \(d) digits: \(plan)")
                    }
                }
            }
        }
        #expect(mismatches == [])
    }

    @Test("the prose's worked numbers: 85-vs-90dp at 130/1.0/2 digits and 73dp against 70dp")
    func proseNumbers() {
        let two = WidthPlan.coreWidth(fontScale: 1, digits: 2) + Rational(4 + AdvanceTable.daysLabel(1))
        #expect(two == 85 && HostBox.contentWidth(width: 130) == 90)
        #expect(WidthPlan(width: 130, fontScale: 1, digits: 2).showsDaysLabel == false)  // the 6dp headroom decides
        #expect(WidthPlan.coreWidth(fontScale: Fixtures.scale("1.3"), digits: 3) == 73)
    }

    @Test("finding W-9: the flame also sheds for 2 digits at fontScale 2.0, not only in the 3-digit corner")
    func flameShedsBeyondTheCorner() {
        #expect(WidthPlan(width: 110, fontScale: 2, digits: 2).showsFlame == false)
        // and the days label is absent at 160dp at fontScale 2.0, a 'realistically placed' width
        #expect(WidthPlan(width: 160, fontScale: 2, digits: 2).showsDaysLabel == false)
    }

        @Test("'0 of 4 done' swaps to '0/4' only when its advance exceeds the box")
    func compactProgress() {
        #expect(WidthPlan.usesCompactProgress(width: 110, progressAdvanceDp: 71))
        #expect(!WidthPlan.usesCompactProgress(width: 110, progressAdvanceDp: 70))
        #expect(WidthPlan.progressText(done: 0, due: 4, compact: true) == "0/4")
        #expect(WidthPlan.progressText(done: 0, due: 4, compact: false) == "0 of 4 done")
    }

    // MARK: properties

    @Test("more width never hides, a larger font never shows more, and the 1–3 digit numeral always fits")
    func monotoneProperty() {
        forAll("the width plan is monotone and never sheds the numeral", BudgetCase.gen(scales: Gens.anyScale),
               cover: ["flame shed", "label shown"]) { c, check in
            let base = WidthPlan(width: c.width, fontScale: c.fs, digits: c.digits)
            let wider = WidthPlan(width: c.width + c.extraWidth, fontScale: c.fs, digits: c.digits)
            let smallerFont = WidthPlan(width: c.width, fontScale: c.smallerFs, digits: c.digits)
            check.label("flame shed", when: !base.showsFlame)
            check.label("label shown", when: base.showsDaysLabel)
            try check.expect(!base.showsFlame || wider.showsFlame && smallerFont.showsFlame, "flame lost")
            try check.expect(!base.showsDaysLabel || wider.showsDaysLabel && smallerFont.showsDaysLabel, "label lost")
            try Self.expectNumeralFits(c, check)
        }
    }

    static func expectNumeralFits(_ c: BudgetCase, _ check: Check) throws {
        let numeral = Rational(AdvanceTable.numeral(digits: c.digits, c.fs))
        try check.expect(numeral <= HostBox.contentWidth(width: c.width), "a \(c.digits)-digit numeral overflows")
    }

    @Test("finding W-13: a 4-digit numeral overflows the 110dp box at fontScale 2.0 (corpus: expected failure)")
    func fourDigitFinding() {
        let result = checkProperty(
            "the numeral never sheds at any digit count", BudgetCase.gen(scales: Gens.systemScale, digits: 1...5),
            corpus: .tests(suite: "Widgets")) { c, check in try Self.expectNumeralFits(c, check) }
        #expect(result.replays == [.knownFindingStillFails])
        #expect(result.outcome == .failed)
        #expect(result.failure?.contains("-digit numeral overflows") == true)
    }
}
