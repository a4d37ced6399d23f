import BigNum

/// The measured Roboto advances in dp (spec: the element table under The box model).
public enum AdvanceTable {
    /// The table's three font-scale columns.
    public static let columns: [Rational] = ["1", "1.3", "2"].compactMap(Rational.init)

    /// The column used for `fontScale`: the first column at or above it, so a scale between
    /// columns is budgeted at the wider advance (every gate errs toward hiding). The spec names
    /// FONT_SCALE_BAND_MEDIUM/_LARGE but not their values; this banding is our reading.
    public static func column(_ fontScale: Rational) -> Int {
        columns.firstIndex { fontScale <= $0 } ?? columns.count - 1
    }

    /// The "days" label (11sp).
    public static func daysLabel(_ fontScale: Rational) -> Int {
        [23, 30, 46][column(fontScale)]
    }

    /// The numeral for a 1-, 2- or 3-digit streak. 4+ digits have no measured row (OBJ-1385);
    /// they are budgeted as 3 digits plus one more digit's width, the widest digit step.
    public static func numeral(digits: Int, _ fontScale: Rational) -> Int {
        let rows = [[13, 14, 21], [26, 27, 42], [38, 41, 62]]
        let c = column(fontScale)
        let d = max(1, digits)
        if d <= 3 { return rows[d - 1][c] }
        return rows[2][c] + (d - 3) * rows[0][c]
    }
}
