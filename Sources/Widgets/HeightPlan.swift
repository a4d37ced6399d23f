import BigNum

/// The Android medium left column's height plan (spec: Left-column height budget (Android),
/// planWidget): the core always renders; Longest N sheds first, then DAY STREAK.
///
/// The spec prints the core (63/71dp, STALE 72/80dp) and the thresholds, but not the element
/// costs behind them. The costs below are inferred, the smallest round values that give the
/// printed core table; every threshold cell is then a prediction the table test checks.
public struct HeightPlan: Equatable, Sendable {
    public var showsDayStreak: Bool
    public var showsLongest: Bool

    /// Inferred: the head row is the numeral's line box plus 3dp.
    static let headPaddingDp = Rational(3)
    /// Inferred: the STALE footer is one 11sp line plus a 9dp margin (printed STALE core − core).
    static let staleFooterMarginDp = Rational(9)
    /// Inferred: Longest N is a 13sp line with a 6dp top margin.
    static let longestSp = 13, longestMarginDp = Rational(6)
    /// DAY STREAK and the reactive caption are 11sp lines.
    static let labelSp = 11

    public init(height: Int, fontScale: Rational, stale: Bool) {
        let box = HostBox.contentBox(height: height)
        let withDayStreak = Self.core(fontScale: fontScale, stale: stale) + Self.dayStreakCost(fontScale)
        showsDayStreak = withDayStreak <= box
        showsLongest = showsDayStreak && withDayStreak + Self.longestCost(fontScale) <= box
    }

    /// The head row: flame + numeral.
    public static func head(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: Typography.mediumNumeralSp(fontScale), fontScale: fontScale) + headPaddingDp
    }

    /// The always-visible core in whole dp, rounded up so the plan errs toward hiding: head +
    /// caption row, or head + the reserved footer in STALE (caption suppressed).
    public static func core(fontScale: Rational, stale: Bool) -> Rational {
        let caption = Typography.lineBox(sp: labelSp, fontScale: fontScale)
        let second = stale ? caption + staleFooterMarginDp : caption
        return Rational((head(fontScale) + second).ceiling)
    }

    static func dayStreakCost(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: labelSp, fontScale: fontScale)
    }

    static func longestCost(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: longestSp, fontScale: fontScale) + longestMarginDp
    }

    /// The least whole granted height at which DAY STREAK (or Longest N) shows.
    public static func threshold(longest: Bool, fontScale: Rational, stale: Bool) -> Int {
        var need = core(fontScale: fontScale, stale: stale) + dayStreakCost(fontScale)
        if longest { need += longestCost(fontScale) }
        let fixed = HostBox.systemWidgetMarginDp + HostBox.rootPaddingDp + HostBox.safetyMarginDp
        return (Rational(fixed) + need).ceiling.intValue ?? Int.max
    }
}
