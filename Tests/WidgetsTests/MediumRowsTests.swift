import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct MediumRowsTests {
    @Test("rows drop from the bottom as the budget shrinks; STALE reserves the footer first")
    func table() {
        #expect(MediumRows(height: 180, fontScale: 1, stale: false, kindling: true, dueCount: 3).visible == 3)
        #expect(MediumRows(height: 130, fontScale: 1, stale: false, kindling: true, dueCount: 3).visible == 2)
        #expect(MediumRows(height: 130, fontScale: 1, stale: true, kindling: true, dueCount: 3).visible == 1)
        #expect(MediumRows(height: 180, fontScale: 1, stale: false, kindling: false, dueCount: 0).visible == 0)
    }

    @Test("property: more height never drops a row, a larger font never shows more, STALE never shows more")
    func property() {
        forAll("medium rows shed monotonically", BudgetCase.gen(scales: Gens.anyScale, heights: 110...260),
               cover: ["some dropped"]) { c, check in
            let due = c.extraWidth % 8
            let base = MediumRows(height: c.height, fontScale: c.fs, stale: c.stale, kindling: c.digits != 1, dueCount: due)
            let taller = MediumRows(height: c.height + c.extraHeight, fontScale: c.fs, stale: c.stale, kindling: c.digits != 1, dueCount: due)
            let smaller = MediumRows(height: c.height, fontScale: c.smallerFs, stale: c.stale, kindling: c.digits != 1, dueCount: due)
            let stale = MediumRows(height: c.height, fontScale: c.fs, stale: true, kindling: c.digits != 1, dueCount: due)
            check.label("some dropped", when: base.visible < due)
            try check.expect(base.visible <= due, "more rows than due habits")
            try check.expect(taller.visible >= base.visible, "more height dropped a row")
            try check.expect(smaller.visible >= base.visible, "a larger font showed more rows")
            try check.expect(stale.visible <= base.visible, "STALE showed more rows")
        }
    }
}
