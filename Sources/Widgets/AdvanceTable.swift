import BigNum

/// The measured Roboto advances in dp (spec: the element table under The box model), and the
/// advance at any exact font scale. "At fontScale fs a string at N sp renders at exactly
/// N × fs px", so an element's advance is k × sp × fs for one unknown k per element; the table
/// prints it at three columns, rounded to whole dp by an unprinted rule. At a printed column the
/// printed cell is the advance; between columns each rounding reading gives an interval of k
/// consistent with all three cells (`AdvanceModel`), and a gate uses the largest advance any
/// consistent model allows, so it errs toward hiding.
public enum AdvanceTable {
    /// The table's three font-scale columns.
    public static let columns: [Rational] = [Rational(1), Rational(13, 10), Rational(2)]

    /// The printed "days" label row (11sp).
    public static let printedDaysLabel = [23, 30, 46]
    /// The printed numeral rows for 1, 2 and 3 digits (22sp, 18sp above fontScale 1.15).
    public static let printedNumeral = [[13, 14, 21], [26, 27, 42], [38, 41, 62]]

    static let daysLabelModel = AdvanceModel.Row(size: .sp(11), printed: printedDaysLabel)
    static let numeralModels = printedNumeral.map { AdvanceModel.Row(size: .smallNumeral, printed: $0) }

    /// The "days" label's advance at `fontScale`.
    public static func daysLabel(_ fontScale: Rational) -> Rational {
        daysLabelModel.advance(fontScale)
    }

    /// The numeral's advance for a `digits`-digit streak. 4+ digits have no measured row
    /// (OBJ-1385): they are budgeted as 3 digits plus one more 1-digit advance per digit.
    /// At a printed column every term is a printed cell.
    public static func numeral(digits: Int, _ fontScale: Rational) -> Rational {
        let d = max(1, digits)
        if d <= 3 { return numeralModels[d - 1].advance(fontScale) }
        return numeralModels[2].advance(fontScale) + Rational(d - 3) * numeralModels[0].advance(fontScale)
    }
}
