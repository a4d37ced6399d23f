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
        // Without the fix the footer renders at 0dp and main_row keeps the whole box.
        let off = WidgetFix.shipped.subtracting([.footerReservedFirst])
        let unfixed = MediumRows(height: 130, fontScale: 1, stale: true, kindling: true, dueCount: 3, fixes: off)
        #expect(unfixed.visible == 2 && unfixed.footerDp == 0)
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

@Suite struct StaleFooterTests {
    static func expectFooterSeated(_ c: BudgetCase, _ fixes: Set<WidgetFix>, _ check: Check) throws {
        let full = MediumRows.staleFooter(c.fs)
        let box = HostBox.contentBox(height: c.height)
        let rows = MediumRows(height: c.height, fontScale: c.fs, stale: true, kindling: c.digits != 1, dueCount: c.extraWidth % 8, fixes: fixes)
        check.label("footer fits", when: box >= full)
        try check.expect(box < full || rows.footerDp == full, "the STALE footer renders at \(rows.footerDp)dp of \(full)dp")
        try check.expect(rows.footerDp <= Rational.max(Rational(0), box), "the STALE footer is taller than the box")
    }

    @Test("the STALE footer always gets its height when the box holds it; without the fix it renders at 0dp")
    func guardOnOff() {
        let cases = BudgetCase.gen(scales: Gens.anyScale, heights: 110...260)
        #expect(checkProperty("footer reserved first", cases) { c, check in
            try Self.expectFooterSeated(c, WidgetFix.shipped, check)
        }.outcome == .passed)
        let off = checkProperty("footer reserved first, off", cases) { c, check in
            try Self.expectFooterSeated(c, WidgetFix.shipped.subtracting([.footerReservedFirst]), check)
        }
        #expect(off.outcome == .failed)
        #expect(off.failure?.hasPrefix("the STALE footer renders at 0dp") == true)
    }
}
