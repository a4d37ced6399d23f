import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct LargePlanTests {
    @Test("a tall card that cannot seat 2 rows at its font scale falls back to Medium")
    func viability() {
        let two = Fixtures.scale("2")
        #expect(LargePlan.seatableRows(width: 200, height: 270, fontScale: two) < 2)
        #expect(LargePlan(width: 200, height: 270, fontScale: two, dueCount: 3).seatableRows < 2)
        #expect(WidgetSize.resolve(width: 200, height: 270, kindling: true, fontScale: two) == .medium)
    }

    @Test("the reported ~230×330dp geometry: COMPACT rung, all 5 rows, no overflow line, no Level B (computeLargeWidgetPlan)")
    func reportedGeometry() {
        let plan = LargePlan(width: 230, height: 330, fontScale: 1, dueCount: 5)
        #expect(plan.rung == .compact && plan.seatableRows >= 5)
        #expect(plan.visibleRows == 5 && plan.moreCount == 0)
        #expect(!plan.levelB)
    }

    @Test("Level B fires when every due row fits with a line to spare per row, never with an overflow line")
    func levelB() {
        let tall = LargePlan(width: 300, height: 400, fontScale: 1, dueCount: 2)
        #expect(tall.levelB && tall.visibleRows == 2 && tall.moreCount == 0)
        let over = LargePlan(width: 300, height: 400, fontScale: 1, dueCount: tall.seatableRows + 1)
        #expect(!over.levelB && over.moreCount == 1 && over.visibleRows == tall.seatableRows)
    }

    @Test("property: Level B is all-or-none, only without an overflow line, and more height never revokes it")
    func levelBProperty() {
        forAll("Level B is budget-gated and monotone", BudgetCase.gen(scales: Gens.anyScale, heights: 270...600),
               cover: ["level B"]) { c, check in
            let due = c.digits + c.extraWidth % 5
            let base = LargePlan(width: c.width, height: c.height, fontScale: c.fs, dueCount: due)
            let taller = LargePlan(width: c.width, height: c.height + c.extraHeight, fontScale: c.fs, dueCount: due)
            check.label("level B", when: base.levelB)
            try check.expect(base.visibleRows + base.moreCount == due, "rows and the +N more line do not add up to the due habits")
            try check.expect(!base.levelB || base.moreCount == 0, "Level B with an overflow line")
            try check.expect(!base.levelB || taller.levelB, "more height revoked Level B")
        }
    }

    @Test("never more than LARGE_MAX_HABIT_ROWS rows")
    func rowCap() {
        #expect(LargePlan(width: 500, height: 2000, fontScale: Fixtures.scale("0.85"), dueCount: 9).visibleRows == ClickRequestCode.maxRows)
    }
}
