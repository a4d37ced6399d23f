import BigNum
import Foundation
import Testing
@testable import Widgets

@Suite struct NewDayCostModelTests {
    @Test("the consistent set: models that grant exactly 1 line at every height from 130 to 159dp and 2 at 160dp (110dp × 2.0)")
    func consistentSet() {
        let set = NewDayCostModel.consistent
        #expect(set.count == 4)
        #expect(set.contains(NewDayCostModel.chosen))
        for model in set {
            for h in 130...159 { #expect(model.maxLines(height: h, fontScale: 2) == 1, "\(model) at \(h)dp") }
            #expect(model.maxLines(height: 160, fontScale: 2) == 2, "\(model)")
            // every model kept rounds the 11sp line box up (30dp at 2.0)
            #expect(model.line == LineCost(.up, .sp(11), margin: 0), "\(model)")
        }
        // The project's earlier guess (both line boxes exact, no head margin) grants 2 lines at 159dp.
        let old = NewDayCostModel(head: LineCost(.exact, .smallNumeral, margin: 0), line: LineCost(.exact, .sp(11), margin: 0))
        #expect(!set.contains(old) && old.maxLines(height: 159, fontScale: 2) == 2)
        // A model the 159/160dp cells alone kept (head exact + 1dp, line exact) grants 0 at 130dp: not kept.
        let floorless = NewDayCostModel(head: LineCost(.exact, .smallNumeral, margin: 1), line: LineCost(.exact, .sp(11), margin: 0))
        #expect(floorless.maxLines(height: 159, fontScale: 2) == 1 && floorless.maxLines(height: 160, fontScale: 2) == 2)
        #expect(floorless.maxLines(height: 130, fontScale: 2) == 0 && !set.contains(floorless))
    }

    @Test("130 × 130dp at fontScale 2.0 grants one line, and the plan shows the 'New day' line, not the caption row")
    func floorCell() {
        #expect(NewDayPlan.maxLines(height: 130, fontScale: 2) == 1)
        let plan = NewDayPlan(width: 130, height: 130, fontScale: 2)
        #expect(plan.showsLine && !plan.showsIcon && !plan.showsCaptionRow && plan.lineCount == 1)
    }

    /// Per grid scale, the granted heights (130…400dp) where consistent models grant different
    /// line counts: least / chosen / most lines.
    static func choiceDependentCells() -> String {
        let grid = (0...24).map { Rational(85 + 5 * $0, 100) } + [Rational(1_149_999, 1_000_000), Rational(1_150_001, 1_000_000), Rational(17, 14)]
        var lines = ["# fontScale height: least chosen most (NEW_DAY lines granted)"]
        for fs in grid.sorted(by: <) {
            for h in 130...400 {
                let all = NewDayCostModel.consistent.map { $0.maxLines(height: h, fontScale: fs) }
                guard let least = all.min(), let most = all.max(), least != most else { continue }
                lines.append("\(fs.decimalString(digits: 6)) \(h): \(least) \(NewDayCostModel.chosen.maxLines(height: h, fontScale: fs)) \(most)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the cells that depend on the choice are listed in Tests/Corpus/Widgets/new-day-choice-dependent-cells.txt")
    func choiceDependentList() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Corpus/Widgets/new-day-choice-dependent-cells.txt")
        let computed = Self.choiceDependentCells()
        if ProcessInfo.processInfo.environment["CARDCHECK_WRITE_CELLS"] == "1" {
            try computed.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == computed)
    }

    @Test("the plan grants the fewest lines any consistent model grants")
    func safeIsLeast() {
        for hundredths in stride(from: 85, through: 205, by: 5) {
            let fs = Rational(hundredths, 100)
            for h in stride(from: 130, through: 220, by: 3) {
                let least = NewDayCostModel.consistent.map { $0.maxLines(height: h, fontScale: fs) }.min()
                #expect(NewDayPlan.maxLines(height: h, fontScale: fs) == least)
                #expect(NewDayPlan.maxLines(height: h, fontScale: fs) <= NewDayCostModel.chosen.maxLines(height: h, fontScale: fs))
            }
        }
    }
}
