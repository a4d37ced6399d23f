import BigNum
import PropertyTesting
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

    @Test("at 1.0, 1.3 and 2.0 the advance is the printed cell: all 9 numeral cells and the 3 days-label cells")
    func printedColumnsArePrinted() {
        var matched = 0
        for (column, fs) in Self.columns.enumerated() {
            #expect(AdvanceTable.daysLabel(fs) == Rational(Self.daysLabel[column]), "days label at \(fs)")
            matched += AdvanceTable.daysLabel(fs) == Rational(Self.daysLabel[column]) ? 1 : 0
            for digits in 1...3 {
                let printed = Rational(Self.numeral[digits - 1][column])
                #expect(AdvanceTable.numeral(digits: digits, fs) == printed, "\(digits) digits at \(fs)")
                matched += AdvanceTable.numeral(digits: digits, fs) == printed ? 1 : 0
            }
        }
        #expect(matched == 12)
        // 4+ digits at a printed column: the 3-digit cell plus one 1-digit cell per digit.
        #expect(AdvanceTable.numeral(digits: 4, 2) == Rational(62 + 21))
        #expect(AdvanceTable.numeral(digits: 5, 1) == Rational(38 + 2 * 13))
    }

    @Test("the issue's two examples: 3 digits at 2.0 is the printed 62 (not 63.08), the days label at 1.0 the printed 23 (not 23.5)")
    func issueExamples() {
        #expect(AdvanceTable.numeral(digits: 3, 2) == 62)
        // the envelope there would be 41 / (18 × 1.3) × 18 × 2 = 63.08dp
        #expect(AdvanceTable.numeralModels[2].envelope(2) == Rational(41 * 36 * 10, 234))
        #expect(AdvanceTable.daysLabel(1) == 23)
        #expect(AdvanceTable.daysLabelModel.envelope(1) == Rational(47, 2))
    }

    @Test("a 22sp 3-digit numeral at fontScale 1.15 needs more than 38 × 1.15 = 43.7dp, not the 1.3 column's 41")
    func exactScale() {
        let fs = Fixtures.scale("1.15")
        #expect(AdvanceTable.numeral(digits: 3, fs) > Rational(437, 10))
        // 41 / (18 × 1.3) is the largest k any cell allows: 22 × 1.15 × 41 / 23.4 = 44.33dp.
        #expect(AdvanceTable.numeral(digits: 3, fs) == Rational(22 * 41, 1) * fs / Rational(234, 10))
        // 4+ digits: 3 digits plus one 1-digit advance per extra digit.
        #expect(AdvanceTable.numeral(digits: 4, fs) == AdvanceTable.numeral(digits: 3, fs) + AdvanceTable.numeral(digits: 1, fs))
    }

    // MARK: properties

    @Test("property: between the printed columns a gate's advance is at least every consistent reading's and every printed cell's k")
    func envelopeProperty() {
        let rows = [AdvanceTable.daysLabelModel] + AdvanceTable.numeralModels + [NewDayPlan.lineAdvance]
        forAll("the advance between printed columns is never below a consistent model's", Gens.betweenScale,
               cover: ["below 1.0", "1.0–1.3", "1.3–2.0"]) { hundredths, check in
            let fs = Gens.scale(hundredths)
            check.label(hundredths < 100 ? "below 1.0" : hundredths < 130 ? "1.0–1.3" : "1.3–2.0")
            for row in rows {
                let advance = row.advance(fs)
                try check.expect(advance == row.envelope(fs), "\(row.printed) at \(fs): not the envelope")
                let sp = Rational(row.size.sp(fs)) * fs
                for reading in row.consistentReadings {
                    let high = row.kRange(reading)?.high ?? Rational(0)
                    try check.expect(advance >= high * sp, "\(row.printed) at \(fs): below the \(reading) reading")
                }
                for (column, cell) in zip(row.columns, row.printed) {
                    let k = Rational(cell) / (Rational(row.size.sp(column)) * column)
                    try check.expect(advance >= k * sp, "\(row.printed) at \(fs): below the \(column) cell's k")
                }
            }
        }
    }
}
