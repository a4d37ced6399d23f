import BigNum
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct WidgetSizeTests {
    @Test("199dp is Small; 200dp and 201dp are Large at kindling on and the 270dp height floor")
    func widthBoundary() {
        let sizes = [199, 200, 201].map { WidgetSize.resolve(width: $0, height: 270, kindling: true, fontScale: 1) }
        #expect(sizes == [.small, .large, .large])
    }

    @Test("Large needs kindling and 270dp of height; otherwise Medium")
    func largeGates() {
        #expect(WidgetSize.resolve(width: 300, height: 400, kindling: false, fontScale: 1) == .medium)
        #expect(WidgetSize.resolve(width: 300, height: 269, kindling: true, fontScale: 1) == .medium)
        #expect(WidgetSize.resolve(width: 300, height: 270, kindling: true, fontScale: 1) == .large)
    }

                // MARK: properties

    @Test("more room never demotes Large or seats fewer rows; a larger font never seats more")
    func monotoneProperty() {
        forAll("the Large plan is monotone", BudgetCase.gen(scales: Gens.systemScale), cover: ["large", "small"]) { c, check in
            let size = WidgetSize.resolve(width: c.width, height: c.height, kindling: true, fontScale: c.fs)
            check.label(size.rawValue)
            try check.expect((size == .small) == (c.width < 200), "\(size) at \(c.width)dp")
            let base = LargePlan(width: c.width, height: c.height, fontScale: c.fs, dueCount: c.digits)
            let more = LargePlan(width: c.width + c.extraWidth, height: c.height + c.extraHeight, fontScale: c.fs, dueCount: c.digits)
            let smallerFont = LargePlan(width: c.width, height: c.height, fontScale: c.smallerFs, dueCount: c.digits)
            try check.expect(more.seatableRows >= base.seatableRows, "more room seats fewer rows")
            try check.expect(smallerFont.seatableRows >= base.seatableRows, "a larger font seats more rows")
            try check.expect(more.rung >= base.rung && smallerFont.rung >= base.rung, "rung regressed")
            if size == .large {
                let bigger = WidgetSize.resolve(width: c.width + c.extraWidth, height: c.height + c.extraHeight, kindling: true, fontScale: c.fs)
                try check.expect(bigger == .large, "more room demoted Large to \(bigger)")
                try check.expect(WidgetSize.resolve(width: c.width, height: c.height, kindling: false, fontScale: c.fs) == .medium, "Large without kindling")
            }
        }
    }
}
