import BigNum
import Testing
@testable import Widgets

@Suite struct AdvanceTableTests {
    /// spec: Element table (fontScale 1.0, 1.3, 2.0), transcribed.
    static let daysLabel = [23, 30, 46]
    static let numeral = [[13, 14, 21], [26, 27, 42], [38, 41, 62]]
    static let columns = [Rational(1), Fixtures.scale("1.3"), Rational(2)]

    @Test("each measured row has a consistent k × sp × fs under rounding up and to nearest; the 3-digit row not under rounding down")
    func consistentReadings() {
        #expect(AdvanceTable.printedDaysLabel == Self.daysLabel && AdvanceTable.printedNumeral == Self.numeral)
        #expect(AdvanceTable.daysLabelModel.consistentReadings == [.up, .nearest, .down])
        #expect(AdvanceTable.numeralModels.map(\.consistentReadings) == [[.up, .nearest, .down], [.up, .nearest, .down], [.up, .nearest]])
    }

    @Test("the chosen model (rounded up, k at the top of its interval) prints every cell of the table")
    func chosenPrintsTheTable() {
        let rows = [AdvanceTable.daysLabelModel] + AdvanceTable.numeralModels
        let printed = [Self.daysLabel] + Self.numeral
        for (row, cells) in zip(rows, printed) {
            #expect(Self.columns.map { row.chosenAdvance($0).ceiling.intValue } == cells.map(Optional.some))
        }
    }

    @Test("the safe advance is at least every consistent model's and less than 2dp over the printed cell at each column")
    func safeAdvance() {
        let rows = [AdvanceTable.daysLabelModel] + AdvanceTable.numeralModels
        let printed = [Self.daysLabel] + Self.numeral
        for (row, cells) in zip(rows, printed) {
            for (column, cell) in zip(Self.columns, cells) {
                let safe = row.safeAdvance(column)
                #expect(safe >= row.chosenAdvance(column) && safe >= Rational(cell) && safe < Rational(cell + 2), "\(row.printed) \(column)")
            }
        }
    }

    @Test("a 22sp 3-digit numeral at fontScale 1.15 needs more than 38 × 1.15 = 43.7dp, not the 1.3 column's 41")
    func exactScale() {
        let fs = Fixtures.scale("1.15")
        #expect(AdvanceTable.numeral(digits: 3, fs) > Rational(437, 10))
        // 41 / (18 × 1.3) is the largest k any cell allows: 22 × 1.15 × 41 / 23.4 = 44.33dp.
        #expect(AdvanceTable.numeral(digits: 3, fs) == Rational(22 * 41, 1) * fs / Rational(234, 10))
        // 4+ digits: 3 digits plus one 1-digit advance per extra digit.
        #expect(AdvanceTable.numeral(digits: 4, 2) == AdvanceTable.numeral(digits: 3, 2) + AdvanceTable.numeral(digits: 1, 2))
    }
}
