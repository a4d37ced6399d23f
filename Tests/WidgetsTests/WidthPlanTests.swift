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

    @Test("at every printed (numeral, days label) cell the gates compare the printed dp: coreW = 32 + numeral, the label 4 + label + 6")
    func printedRows() {
        for (column, fs) in ["1.0", "1.3", "2.0"].enumerated() {
            let scale = Fixtures.scale(fs)
            for digits in 1...3 {
                let core = 28 + 4 + AdvanceTableTests.numeral[digits - 1][column]
                let label = 4 + AdvanceTableTests.daysLabel[column] + 6
                #expect(WidthPlan.coreWidth(fontScale: scale, digits: digits) == Rational(core), "\(digits) digits at \(fs)")
                // the smallest widths that show the flame and the label are exactly the printed sums
                let flameFrom = core + 40, labelFrom = core + label + 40
                #expect(WidthPlan(width: flameFrom, fontScale: scale, digits: digits).showsFlame)
                #expect(!WidthPlan(width: flameFrom - 1, fontScale: scale, digits: digits).showsFlame)
                #expect(WidthPlan(width: labelFrom, fontScale: scale, digits: digits).showsDaysLabel)
                #expect(!WidthPlan(width: labelFrom - 1, fontScale: scale, digits: digits).showsDaysLabel)
            }
        }
    }

    @Test("at the printed scales every width 110–250dp × 1–3 digits plans as the spec's formula with the printed integers: 1,269 cells")
    func printedSweep() {
        var matched = 0, cells = 0
        for (column, fs) in ["1.0", "1.3", "2.0"].enumerated() {
            for digits in 1...3 {
                for w in 110...250 {
                    // spec: showsFlame = coreW ≤ contentWidth; showsDaysLabel = showsFlame ∧ coreW + 4 + label + 6 ≤ contentWidth
                    let box = w - 40, core = 28 + 4 + AdvanceTableTests.numeral[digits - 1][column]
                    let flame = core <= box, label = flame && core + 4 + AdvanceTableTests.daysLabel[column] + 6 <= box
                    let plan = WidthPlan(width: w, fontScale: Fixtures.scale(fs), digits: digits)
                    cells += 1
                    matched += plan.showsFlame == flame && plan.showsDaysLabel == label ? 1 : 0
                }
            }
        }
        #expect(cells == 1_269 && matched == cells)
    }

    @Test("issue 32: 110dp wide, fontScale 1.0, 3 digits: 28 + 4 + 38 = 70 ≤ 70, the flame shows (the days label does not)")
    func flameAtTheFloor() {
        let plan = WidthPlan(width: 110, fontScale: 1, digits: 3)
        #expect(WidthPlan.coreWidth(fontScale: 1, digits: 3) == 70)
        #expect(plan.showsFlame && !plan.showsDaysLabel)
        // the corner the shed fires in: 3 digits at 1.3 (73 > 70), and 2 digits at 2.0 (W-9)
        #expect(!WidthPlan(width: 110, fontScale: Fixtures.scale("1.3"), digits: 3).showsFlame)
        #expect(WidthPlan(width: 110, fontScale: Fixtures.scale("1.3"), digits: 2).showsFlame)
    }

    @Test("property: between the printed columns the flame and the days label show only where every consistent reading fits")
    func betweenColumnsProperty() {
        forAll("between printed columns the width gates are never laxer than a consistent model",
               BudgetCase.gen(scales: Gens.betweenScale), cover: ["flame shown", "label shown"]) { c, check in
            let plan = WidthPlan(width: c.width, fontScale: c.fs, digits: c.digits)
            let box = HostBox.contentWidth(width: c.width)
            let numeral = AdvanceTable.numeralModels[c.digits - 1], label = AdvanceTable.daysLabelModel
            check.label("flame shown", when: plan.showsFlame)
            check.label("label shown", when: plan.showsDaysLabel)
            for reading in numeral.consistentReadings {
                let k = numeral.kRange(reading)?.high ?? Rational(0)
                let core = Rational(32) + k * Rational(numeral.size.sp(c.fs)) * c.fs
                try check.expect(!plan.showsFlame || core <= box, "the flame shows where the \(reading) reading overflows")
                for labelReading in label.consistentReadings {
                    let l = (label.kRange(labelReading)?.high ?? Rational(0)) * Rational(11) * c.fs
                    try check.expect(!plan.showsDaysLabel || core + Rational(10) + l <= box,
                                     "the label shows where the \(reading)/\(labelReading) readings overflow")
                }
            }
        }
    }

    @Test("the prose's worked numbers: 85-vs-90dp at 130/1.0/2 digits and 73dp against 70dp")
    func proseNumbers() {
        // The prose adds the printed cells: 28 + 4 + 26 + 4 + 23 = 85.
        let two = 28 + 4 + AdvanceTable.printedNumeral[1][0] + 4 + AdvanceTable.printedDaysLabel[0]
        #expect(two == 85 && HostBox.contentWidth(width: 130) == 90)
        #expect(WidthPlan(width: 130, fontScale: 1, digits: 2).showsDaysLabel == false)  // the 6dp headroom decides
        #expect(28 + 4 + AdvanceTable.printedNumeral[2][1] == 73)
        #expect(WidthPlan.coreWidth(fontScale: Fixtures.scale("1.3"), digits: 3) > 70)
    }

    @Test("issue 11: at fontScale 1.15, 113–115dp wide, a 3-digit streak sheds the flame (28 + 4 + 38 × 1.15 > 75)")
    func exactScaleFlame() {
        for w in 113...115 {
            #expect(!WidthPlan(width: w, fontScale: Fixtures.scale("1.15"), digits: 3).showsFlame, "\(w)dp")
        }
        // At 1.10 the 22sp numeral needs 38 × 1.1 = 41.8dp or a little more: 113dp (73dp) sheds it.
        #expect(!WidthPlan(width: 113, fontScale: Fixtures.scale("1.1"), digits: 3).showsFlame)
        // and with a 2-digit streak the flame stays
        #expect(WidthPlan(width: 113, fontScale: Fixtures.scale("1.15"), digits: 2).showsFlame)
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

    @Test("more width never hides, and the 1–3 digit numeral always fits")
    func monotoneProperty() {
        forAll("the width plan is monotone in width and never sheds the numeral", BudgetCase.gen(scales: Gens.anyScale),
               cover: ["flame shed", "label shown"]) { c, check in
            let base = WidthPlan(width: c.width, fontScale: c.fs, digits: c.digits)
            let wider = WidthPlan(width: c.width + c.extraWidth, fontScale: c.fs, digits: c.digits)
            check.label("flame shed", when: !base.showsFlame)
            check.label("label shown", when: base.showsDaysLabel)
            try check.expect(!base.showsFlame || wider.showsFlame, "more width hid the flame")
            try check.expect(!base.showsDaysLabel || wider.showsDaysLabel, "more width hid the label")
            try Self.expectNumeralFits(c, check)
        }
    }

    static func expectLargerFontShowsNoMore(_ c: BudgetCase, _ check: Check) throws {
        let base = WidthPlan(width: c.width, fontScale: c.fs, digits: c.digits)
        let smallerFont = WidthPlan(width: c.width, fontScale: c.smallerFs, digits: c.digits)
        try check.expect(!base.showsFlame || smallerFont.showsFlame, "a larger font showed the flame")
        try check.expect(!base.showsDaysLabel || smallerFont.showsDaysLabel, "a larger font showed the days label")
    }

    @Test("finding W-14: a 3-digit streak at 113–116dp sheds the flame at fontScale 1.15 but shows it at 1.3")
    func numeralStepWidthFinding() {
        #expect(!WidthPlan(width: 114, fontScale: Fixtures.scale("1.15"), digits: 3).showsFlame)
        #expect(WidthPlan(width: 114, fontScale: Fixtures.scale("1.3"), digits: 3).showsFlame)
        // Robust to the reading: 22 × 1.15 = 25.3 effective sp at 1.15 against 18 × 1.3 = 23.4 at 1.3.
        #expect(Rational(22) * Fixtures.scale("1.15") > Rational(18) * Fixtures.scale("1.3"))
    }

    @Test("finding W-14: a larger font can show the flame (corpus: expected failure)")
    func numeralStepWidthProperty() {
        let narrow = BudgetCase.gen(scales: Gens.systemScale, digits: 3...3).map { c -> BudgetCase in
            var c = c
            c.width = 110 + c.width % 11
            return c
        }
        let result = checkProperty(
            "a larger font never shows more of the small header row", narrow,
            corpus: .tests(suite: "Widgets")) { c, check in try Self.expectLargerFontShowsNoMore(c, check) }
        #expect(result.replays == [.knownFindingStillFails])
        #expect(result.outcome == .passed || result.failure?.hasPrefix("a larger font showed") == true)
    }

    static func expectNumeralFits(_ c: BudgetCase, _ check: Check) throws {
        let numeral = AdvanceTable.numeral(digits: c.digits, c.fs)
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
