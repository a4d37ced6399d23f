import BigNum
import Testing
@testable import Widgets

@Suite struct AdvanceTableTests {
    @Test("a scale between columns is budgeted at the wider column")
    func banding() {
        #expect(AdvanceTable.column(Fixtures.scale("0.85")) == 0)
        #expect(AdvanceTable.column(Fixtures.scale("1.15")) == 1)
        #expect(AdvanceTable.column(Fixtures.scale("1.5")) == 2)
        #expect(AdvanceTable.daysLabel(Fixtures.scale("1.15")) == 30)
    }

    @Test("the measured table as printed; 4+ digits extrapolate by one digit's width")
    func table() {
        // spec: Element table (fontScale 1.0, 1.3, 2.0)
        #expect([1, Fixtures.scale("1.3"), 2].map(AdvanceTable.daysLabel) == [23, 30, 46])
        #expect((1...3).map { AdvanceTable.numeral(digits: $0, 1) } == [13, 26, 38])
        #expect((1...3).map { AdvanceTable.numeral(digits: $0, Fixtures.scale("1.3")) } == [14, 27, 41])
        #expect((1...3).map { AdvanceTable.numeral(digits: $0, 2) } == [21, 42, 62])
        #expect(AdvanceTable.numeral(digits: 4, 2) == 83)
    }
}
