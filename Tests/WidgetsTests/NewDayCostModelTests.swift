import BigNum
import Foundation
import Testing
@testable import Widgets

@Suite struct NewDayCostModelTests {
    @Test("the literal formula: lineBox(11, fs) exact; the printed cells bound the head's margin to 3/5 < m ≤ 43/50 dp")
    func consistentMargins() {
        let (lower, upper) = NewDayCostModel.consistentMargins
        #expect(lower == Rational(3, 5) && upper == Rational(43, 50))
        #expect(NewDayCostModel.lineBox(2) == Rational(2926, 100))  // 11 × 2 × 1.33, not rounded to 30
        for m in [Rational(601, 1000), Rational(3, 4), upper] {
            let model = NewDayCostModel(headMarginDp: m)
            for h in 130...159 { #expect(model.maxLines(height: h, fontScale: 2) == 1, "\(model) at \(h)dp") }
            #expect(model.maxLines(height: 160, fontScale: 2) == 2, "\(model)")
        }
        // Just outside the bounds a printed cell breaks: 159dp grants 2 at 0.6dp, 130dp grants 0 above 0.86dp.
        #expect(NewDayCostModel(headMarginDp: lower).maxLines(height: 159, fontScale: 2) == 2)
        #expect(NewDayCostModel(headMarginDp: Rational(861, 1000)).maxLines(height: 130, fontScale: 2) == 0)
        // The last pass's models rounded the line box up (30dp at 2.0) with a whole-dp head margin.
        #expect(NewDayCostModel.least.headMarginDp != 0)
    }

    @Test("issue 48: the formula grants 1 line at 1.50 × 132dp and 1.70 × 143dp (the last pass granted 2)")
    func reportedCells() {
        for (fs, h) in [(Fixtures.scale("1.5"), 132), (Fixtures.scale("1.7"), 143)] {
            #expect(NewDayPlan.maxLines(height: h, fontScale: fs) == 1, "\(fs.decimalString(digits: 2)) × \(h)dp")
            #expect(NewDayCostModel.mostLines(height: h, fontScale: fs) == 1, "no consistent margin grants 2")
            #expect(NewDayPlan.maxLines(height: h + 1, fontScale: fs) == 2)
        }
        // 1.70 × 143dp: room = 97 − 40.698 − m − 6 = 50.302 − m, at most 49.702dp; two lines need 49.742dp.
        let fs = Fixtures.scale("1.7")
        let roomAtLower = NewDayCostModel.room(height: 143, fontScale: fs, margin: NewDayCostModel.consistentMargins.lower)
        #expect(roomAtLower == Rational(49_702, 1000))
        #expect(2 * NewDayCostModel.lineBox(fs) == Rational(49_742, 1000))
    }

    /// The issue's widths are 110–119 and 110–128 (an advance of 42 × fs); between the printed
    /// columns the advance is the envelope, 85/22 × 11 × fs, one width more.
    @Test("issue 48: at those heights a 2-line 'New day' sheds its icon (widths 110–120 at 1.50, 110–129 at 1.70)")
    func reportedWidths() {
        for (fs, h, widths) in [(Fixtures.scale("1.5"), 132, 110...120), (Fixtures.scale("1.7"), 143, 110...129)] {
            for w in widths {
                let plan = NewDayPlan(width: w, height: h, fontScale: fs)
                #expect(NewDayPlan.wraps(fontScale: fs, in: NewDayPlan.textBox(width: w, icon: true)) == 2)
                #expect(plan.maxLines == 1 && !plan.showsIcon, "\(w) × \(h)dp")
            }
            // One dp higher they show the icon again (2 lines granted); one dp wider it fits one line.
            #expect(NewDayPlan(width: widths.lowerBound, height: h + 1, fontScale: fs).showsIcon)
            let wider = NewDayPlan(width: widths.upperBound + 1, height: h, fontScale: fs)
            #expect(wider.showsIcon && wider.lineCount == 1)
        }
        // Why one width more than the issue's: between the printed columns the advance is the
        // envelope 85/22 × 11 × fs (63.75dp at 1.50, 72.25dp at 1.70); 42 × fs (63dp, 71.4dp),
        // the line through the printed 42dp and 84dp, wraps exactly at the issue's 110–119 and 110–128.
        for (fs, envelope, linear, issueWidths) in [
            (Fixtures.scale("1.5"), Rational(6375, 100), Rational(63), 110...119),
            (Fixtures.scale("1.7"), Rational(7225, 100), Rational(714, 10), 110...128),
        ] {
            #expect(NewDayPlan.lineAdvance.advance(fs) == envelope && Rational(85, 22) * 11 * fs == envelope)
            #expect(Rational(42) * fs == linear)
            let wrapsAt42 = (110...200).filter { ((linear / NewDayPlan.textBox(width: $0, icon: true)).ceiling.intValue ?? 0) > 1 }
            #expect(wrapsAt42 == Array(issueWidths))
        }
    }

    @Test("130 × 130dp at fontScale 2.0 grants one line, and the plan shows the 'New day' line, not the caption row")
    func floorCell() {
        #expect(NewDayPlan.maxLines(height: 130, fontScale: 2) == 1)
        let plan = NewDayPlan(width: 130, height: 130, fontScale: 2)
        #expect(plan.showsLine && !plan.showsIcon && !plan.showsCaptionRow && plan.lineCount == 1)
    }

    /// Per grid scale, the granted heights (130…400dp) where consistent margins grant different
    /// line counts: least (the plan's) / most.
    static func choiceDependentCells() -> String {
        let grid = (0...24).map { Rational(85 + 5 * $0, 100) } + [Rational(1_149_999, 1_000_000), Rational(1_150_001, 1_000_000), Rational(17, 14)]
        var lines = ["# fontScale height: least most (NEW_DAY lines granted; the plan grants least)"]
        for fs in grid.sorted(by: <) {
            for h in 130...400 {
                let least = NewDayCostModel.least.maxLines(height: h, fontScale: fs)
                let most = NewDayCostModel.mostLines(height: h, fontScale: fs)
                guard least != most else { continue }
                lines.append("\(fs.decimalString(digits: 6)) \(h): \(least) \(most)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the cells that depend on the margin are listed in Tests/Corpus/Widgets/new-day-choice-dependent-cells.txt")
    func choiceDependentList() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Corpus/Widgets/new-day-choice-dependent-cells.txt")
        let computed = Self.choiceDependentCells()
        if ProcessInfo.processInfo.environment["CARDCHECK_WRITE_CELLS"] == "1" {
            try computed.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == computed)
    }

    @Test("the plan grants the fewest lines any consistent margin grants")
    func safeIsLeast() {
        let margins = [Rational(601, 1000), Rational(7, 10), Rational(8, 10), NewDayCostModel.consistentMargins.upper]
        for hundredths in stride(from: 85, through: 205, by: 5) {
            let fs = Rational(hundredths, 100)
            for h in stride(from: 130, through: 220, by: 3) {
                let each = margins.map { NewDayCostModel(headMarginDp: $0).maxLines(height: h, fontScale: fs) }
                #expect(NewDayPlan.maxLines(height: h, fontScale: fs) == each.min())
                #expect(each.allSatisfy { $0 <= NewDayCostModel.mostLines(height: h, fontScale: fs) })
            }
        }
    }
}
