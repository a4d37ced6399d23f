import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct NewDayPlanTests {
    @Test("'New day' needs 2 lines in the 70dp box at fontScale 2.0 (84dp of advance)")
    func twoLinesAtDoubleSize() {
        #expect(NewDayPlan.wraps(fontScale: 2, in: NewDayPlan.textBox(width: 110, icon: false)) == 2)
        #expect(NewDayPlan.wraps(fontScale: 1, in: NewDayPlan.textBox(width: 110, icon: true)) == 1)
    }

    @Test("'New day' is the printed 42dp at 1.0 and 84dp at 2.0: at 124 × 131dp and 2.0 it fits the 84dp box on one line")
    func printedAdvance() {
        #expect(NewDayPlan.lineAdvance.consistentReadings == [.up, .nearest, .down])
        #expect(NewDayPlan.lineAdvance.advance(1) == 42 && NewDayPlan.lineAdvance.advance(2) == 84)
        #expect(NewDayPlan.wraps(fontScale: 2, in: 84) == 1 && NewDayPlan.wraps(fontScale: 2, in: 83) == 2)
        #expect(NewDayPlan.wraps(fontScale: 1, in: 42) == 1 && NewDayPlan.wraps(fontScale: 1, in: 41) == 2)
        let plan = NewDayPlan(width: 124, height: 131, fontScale: 2)
        #expect(NewDayPlan.textBox(width: 124, icon: false) == 84 && plan.maxLines == 1)
        #expect(plan.showsLine && !plan.showsIcon && !plan.showsCaptionRow && plan.lineCount == 1)
        // Between the printed columns the envelope applies: k up to 85 / 22 (84dp read as rounded
        // down), so at 1.99 the line needs 85 / 22 × 11 × 1.99 = 84.58dp and the 84dp box takes 2 lines.
        let near = Fixtures.scale("1.99")
        #expect(NewDayPlan.lineAdvance.advance(near) == Rational(85, 2) * near)
        #expect(NewDayPlan.wraps(fontScale: near, in: 84) == 2)
    }

    @Test("the known limitation recomputes: at 110dp × fontScale 2.0 below 160dp the budget grants 1 line (W-10 withdrawn)")
    func knownLimitationBoundary() {
        let two = Fixtures.scale("2")
        let first = (100...250).first { NewDayPlan.maxLines(height: $0, fontScale: two) >= 2 }
        #expect(first == 160)  // spec: "below 160dp of granted height … the budget only grants 1"
        let below = NewDayPlan(width: 110, height: 159, fontScale: two)
        #expect(below.maxLines == 1 && !below.showsLine && below.showsCaptionRow)
        let at = NewDayPlan(width: 110, height: 160, fontScale: two)
        #expect(at.showsLine && at.showsIcon && !at.showsCaptionRow)  // 84dp in 53dp is still 2 lines
    }

    @Test("W-15: the caption row is the formula's fallback, not shed unconditionally: dragging 159 → 160dp at 110dp × 2.0 swaps it for the line")
    func captionRowReading() {
        let below = NewDayPlan(width: 110, height: 159, fontScale: 2)
        let at = NewDayPlan(width: 110, height: 160, fontScale: 2)
        #expect(below.showsCaptionRow && !below.showsLine)  // "the reactive caption row's … ellipsis renders instead"
        #expect(!at.showsCaptionRow && at.showsLine)
        // Where the line fits the caption row never renders, at any printed size.
        for w in [110, 130, 180, 250] { #expect(!NewDayPlan(width: w, height: 180, fontScale: 1).showsCaptionRow) }
    }

    @Test("the icon sheds before the line, and the caption row only replaces a line that cannot fit")
    func shedOrder() {
        for w in stride(from: 110, through: 250, by: 5) {
            for h in stride(from: 130, through: 180, by: 5) {
                for fs in Typography.systemFontScales {
                    let plan = NewDayPlan(width: w, height: h, fontScale: fs)
                    #expect(!plan.showsIcon || plan.showsLine)
                    #expect(plan.showsCaptionRow == !plan.showsLine)
                    #expect((0...2).contains(plan.maxLines))
                }
            }
        }
    }

    // MARK: properties

    @Test("more room never hides the New day line or icon; a larger font never shows more")
    func monotoneProperty() {
        forAll("the NEW_DAY plan is monotone", BudgetCase.gen(scales: Gens.systemScale), cover: ["line", "caption row"]) { c, check in
            let base = NewDayPlan(width: c.width, height: c.height, fontScale: c.fs)
            let more = NewDayPlan(width: c.width + c.extraWidth, height: c.height + c.extraHeight, fontScale: c.fs)
            let smallerFont = NewDayPlan(width: c.width, height: c.height, fontScale: c.smallerFs)
            check.label("line", when: base.showsLine)
            check.label("caption row", when: base.showsCaptionRow)
            try check.expect(!base.showsLine || more.showsLine, "more room hid the line")
            try check.expect(!base.showsIcon || more.showsIcon, "more room hid the icon")
            try check.expect(!base.showsLine || smallerFont.showsLine, "a larger font showed the line")
            try check.expect(!base.showsIcon || smallerFont.showsIcon, "a larger font showed the icon")
        }
    }
}

@Suite struct NewDayCaptionFixTests {
    /// The rows that render fit the lines the budget grants: the caption row counts as one.
    static func expectNoClip(_ c: BudgetCase, _ fixes: Set<WidgetFix>, _ check: Check) throws {
        let plan = NewDayPlan(width: c.width, height: c.height, fontScale: c.fs, fixes: fixes)
        check.label("line shown", when: plan.showsLine)
        let rows = (plan.showsLine ? plan.lineCount : 0) + (plan.showsCaptionRow ? 1 : 0)
        try check.expect(!plan.showsLine || rows <= plan.maxLines, "\(rows) rows in a budget of \(plan.maxLines) lines")
    }

    @Test("the 'New day' line and the caption row never render together; without the ruling they clip (OBJ-1382)")
    func guardOnOff() {
        let cases = BudgetCase.gen(scales: Gens.anyScale, heights: 130...200)
        #expect(checkProperty("new day fallback on", cases) { c, check in try Self.expectNoClip(c, WidgetFix.shipped, check) }.outcome == .passed)
        let off = checkProperty("new day fallback off", cases) { c, check in
            try Self.expectNoClip(c, WidgetFix.shipped.subtracting([.newDayCaptionFallback]), check)
        }
        #expect(off.outcome == .failed)
        #expect(off.failure?.contains("rows in a budget of") == true)
    }
}
