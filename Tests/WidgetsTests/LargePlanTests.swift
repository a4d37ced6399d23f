import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct LargePlanTests {
    @Test("a tall card that cannot seat 2 rows at its font scale falls back to Medium")
    func viability() {
        let two = Fixtures.scale("2")
        #expect(LargePlan(width: 200, height: 270, fontScale: two).seatableRows < 2)
        #expect(WidgetSize.resolve(width: 200, height: 270, kindling: true, fontScale: two) == .medium)
    }

    @Test("the reported ~230×330dp geometry seats all 5 rows on the COMPACT rung, no overflow line, no Level B")
    func reportedGeometry() {
        let plan = LargePlan(width: 230, height: 330, fontScale: 1)
        #expect(plan.rung == .compact && plan.seatableRows >= 5)
        #expect(plan.visibleRows(dueCount: 5) == 5)
        #expect(!plan.levelB(dueCount: 5, fontScale: 1))
    }

    @Test("Level B fires when every due row fits with a line to spare per row, never with an overflow line")
    func levelB() {
        let tall = LargePlan(width: 300, height: 400, fontScale: 1)
        #expect(tall.levelB(dueCount: 2, fontScale: 1))
        #expect(!tall.levelB(dueCount: tall.seatableRows + 1, fontScale: 1))
    }

    @Test("property: Level B is all-or-none, only without an overflow line, and more height never revokes it")
    func levelBProperty() {
        forAll("Level B is budget-gated and monotone", BudgetCase.gen(scales: Gens.anyScale, heights: 270...600),
               cover: ["level B"]) { c, check in
            let due = c.digits + c.extraWidth % 5
            let base = LargePlan(width: c.width, height: c.height, fontScale: c.fs)
            let taller = LargePlan(width: c.width, height: c.height + c.extraHeight, fontScale: c.fs)
            let b = base.levelB(dueCount: due, fontScale: c.fs)
            check.label("level B", when: b)
            try check.expect(!b || base.visibleRows(dueCount: due) == due, "Level B with an overflow line")
            try check.expect(!b || taller.levelB(dueCount: due, fontScale: c.fs), "more height revoked Level B")
        }
    }

    @Test("never more than LARGE_MAX_HABIT_ROWS rows")
    func rowCap() {
        #expect(LargePlan(width: 500, height: 2000, fontScale: Fixtures.scale("0.85")).seatableRows == ClickRequestCode.maxRows)
    }
}
