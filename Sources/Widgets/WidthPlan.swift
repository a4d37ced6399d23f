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

    /// `digits` is the streak's digit count (the measured table covers 1…3). Every gate is
    /// computed at the exact font scale, with the largest advance a consistent model allows.
    public init(width: Int, fontScale: Rational, digits: Int) {
        let box = HostBox.contentWidth(width: width)
        let core = Self.coreWidth(fontScale: fontScale, digits: digits)
        showsFlame = core <= box
        let label = Rational(Self.gapDp + Self.daysLabelHeadroomDp) + AdvanceTable.daysLabel(fontScale)
        showsDaysLabel = showsFlame && core + label <= box
    }

    /// coreW = 28 (flame) + 4 + numeralWidthDp(digits, fs).
    public static func coreWidth(fontScale: Rational, digits: Int) -> Rational {
        Rational(flameContainerDp + gapDp) + AdvanceTable.numeral(digits: digits, fontScale)
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
