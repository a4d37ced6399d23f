import BigNum

/// The small widget's header row width plan (spec: Width budget — small widget header row
/// (Android), planSmallWidget): the days label sheds first, then the flame; the numeral never.
public struct WidthPlan: Equatable, Sendable {
    public var showsFlame: Bool
    public var showsDaysLabel: Bool

    public static let flameContainerDp = 28
    public static let gapDp = 4
    /// DAYS_LABEL_HEADROOM_DP: keeps the label's visibility off a 1dp coin-flip.
    public static let daysLabelHeadroomDp = 6

    /// `digits` is the streak's digit count (the measured table covers 1…3).
    public init(width: Int, fontScale: Rational, digits: Int) {
        let box = HostBox.contentWidth(width: width)
        let core = Self.coreWidth(fontScale: fontScale, digits: digits)
        showsFlame = core <= box
        let label = Rational(Self.gapDp + AdvanceTable.daysLabel(fontScale) + Self.daysLabelHeadroomDp)
        showsDaysLabel = showsFlame && core + label <= box
    }

    /// coreW = 28 (flame) + 4 + numeralWidthDp(digits, fs).
    public static func coreWidth(fontScale: Rational, digits: Int) -> Rational {
        Rational(flameContainerDp + gapDp + AdvanceTable.numeral(digits: digits, fontScale))
    }

    /// usesCompactProgress: "0 of 4 done" swaps for "0/4" when its measured advance exceeds
    /// contentWidth. The spec prints no advance for the phrase, so the caller measures it.
    public static func usesCompactProgress(width: Int, progressAdvanceDp: Rational) -> Bool {
        progressAdvanceDp > HostBox.contentWidth(width: width)
    }

    /// The progress text that renders: the full "N of M done" or the compact "N/M".
    public static func progressText(done: Int, due: Int, compact: Bool) -> String {
        compact ? "\(done)/\(due)" : "\(done) of \(due) done"
    }
}

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
