import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct SmallStackPlanTests {
    @Test("the consistent set: every model needs 93dp (whole) at fontScale 1.3; the chosen one is among them")
    func consistentSet() {
        let set = SmallStackCostModel.consistent
        let hasChosen = set.contains(SmallStackCostModel.chosen)
        #expect(hasChosen)
        #expect(set.count == 4_519)
        for m in set where !m.measuredBeforeStep {
            #expect(m.stack(Fixtures.scale("1.3"), caption: true, pips: true).ceiling == 93)
        }
        let bothReadings = set.contains { $0.measuredBeforeStep } && set.contains { !$0.measuredBeforeStep }
        #expect(bothReadings)
    }

    @Test("at the 130dp floor and fontScale 1.3 the pip row drops (93dp > 84dp under every model)")
    func floorDropsPips() {
        let plan = SmallStackPlan(height: 130, fontScale: Fixtures.scale("1.3"), caption: true)
        #expect(!plan.showsPipRow)
        #expect(SmallStackCostModel.chosen.stack(Fixtures.scale("1.3"), caption: true, pips: false) <= HostBox.contentBox(height: 130))
    }

    @Test("whether the stack without pips seats at 130dp × 1.3 depends on the choice: a pip row under 9dp leaves 85dp or more")
    func choiceDependentFloor() {
        let fs = Fixtures.scale("1.3"), box = HostBox.contentBox(height: 130)
        let rests = SmallStackCostModel.consistent.map { $0.stack(fs, caption: true, pips: false) }
        let someOverflow = rests.contains { $0 > box }, someFit = rests.contains { $0 <= box }
        #expect(someOverflow && someFit)
        #expect(!SmallStackPlan(height: 130, fontScale: fs, caption: true).stackFits)
        // Every model that measured 93dp with today's numeral and a pip row of 9dp or more seats it.
        for m in SmallStackCostModel.consistent where !m.measuredBeforeStep && m.pips.marginDp >= 9 {
            #expect(m.stack(fs, caption: true, pips: false) <= box, "\(m)")
        }
    }

    @Test("property: more height never drops the pip row, and the pip row never shows where the stack does not fit")
    func property() {
        forAll("the small stack plan is monotone in height", BudgetCase.gen(scales: Gens.anyScale, heights: 110...260),
               cover: ["pips shown", "pips dropped"]) { c, check in
            let caption = !c.stale
            let base = SmallStackPlan(height: c.height, fontScale: c.fs, caption: caption)
            let taller = SmallStackPlan(height: c.height + c.extraHeight, fontScale: c.fs, caption: caption)
            check.label(base.showsPipRow ? "pips shown" : "pips dropped")
            try check.expect(!base.showsPipRow || taller.showsPipRow, "more height dropped the pip row")
            try check.expect(!base.showsPipRow || base.stackFits, "pips shown on a stack that does not fit")
            try check.expect(!base.stackFits || taller.stackFits, "more height unseated the stack")
        }
    }
}
