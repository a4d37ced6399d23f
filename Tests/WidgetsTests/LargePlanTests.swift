import BigNum
import Testing
@testable import Widgets

@Suite struct LargePlanTests {
    @Test("a tall card that cannot seat 2 rows at its font scale falls back to Medium")
    func viability() {
        let two = Fixtures.scale("2")
        #expect(LargePlan(width: 200, height: 270, fontScale: two).seatableRows < 2)
        #expect(WidgetSize.resolve(width: 200, height: 270, kindling: true, fontScale: two) == .medium)
    }

    @Test("the reported ~230×330dp geometry seats all 5 rows on the COMPACT rung")
    func reportedGeometry() {
        let plan = LargePlan(width: 230, height: 330, fontScale: 1)
        #expect(plan.rung == .compact && plan.seatableRows >= 5)
    }

    @Test("never more than LARGE_MAX_HABIT_ROWS rows")
    func rowCap() {
        #expect(LargePlan(width: 500, height: 2000, fontScale: Fixtures.scale("0.85")).seatableRows == ClickRequestCode.maxRows)
    }
}
