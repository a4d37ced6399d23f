import BigNum

/// Narrow-Large's header ladder (spec: Narrow-Large readability (OBJ-2428), planLargeHeader):
/// shed the DAY STREAK/Longest N wrapper before stacking the caption on its own row.
public enum LargeHeaderRung: String, CaseIterable, Comparable, Sendable {
    /// Stacked caption row: the only rung with a height cost (+1 eleven-sp line, +6dp).
    case stacked
    /// streak_labels_large is GONE; zero height cost.
    case compact
    /// Everything on one row.
    case inline

    /// (INLINE, COMPACT) lower bounds in granted dp per AdvanceTable column (1.0, 1.3, 2.0).
    /// The spec prints these thresholds (1.0: LARGE_HEADER_INLINE_WIDTH_DP /
    /// LARGE_HEADER_COMPACT_WIDTH_DP) but not the widths planLargeHeader compares, nor how
    /// they move with digit count and caption, so they are used as printed.
    static let thresholds: [(inline: Int, compact: Int)] = [(290, 219), (334, 244), (460, 325)]

    /// The reference configuration we read the printed bounds as: the spec's running example,
    /// a 2-digit streak ("12 day streak") and a 2-digit longest ("longest 21").
    public static let referenceDigits = 2

    /// The rung at granted `width` and `fontScale` for a streak and longest of the given digit
    /// counts, with the active caption `captionExtraDp` wider than the reference caption.
    /// Each digit beyond the reference widens the streak block by one numeral digit (the medium
    /// numeral, k × sp × fs with the small table's largest 1-digit k) and, on INLINE, the
    /// Longest N label by one 11sp digit. Fewer digits never lower a bound (errs toward the
    /// lower rung). The spec prints neither the per-motif caption widths (captionWidthDp) nor
    /// the label's size, so the caption's extra width is the caller's.
    public static func resolve(
        width: Int, fontScale: Rational, streakDigits: Int = referenceDigits, longestDigits: Int = referenceDigits,
        captionExtraDp: Rational = Rational(0)
    ) -> LargeHeaderRung {
        let t = thresholds(fontScale)
        let k = AdvanceTable.numeralModels[0].largestK
        let streakExtra = Rational(max(0, streakDigits - referenceDigits)) * k * Rational(Typography.mediumNumeralSp(fontScale)) * fontScale
        let longestExtra = Rational(max(0, longestDigits - referenceDigits)) * k * Rational(11) * fontScale
        let caption = Rational.max(Rational(0), captionExtraDp)
        let w = Rational(width)
        if w >= Rational(t.inline) + streakExtra + longestExtra + caption { return .inline }
        return w >= Rational(t.compact) + streakExtra + caption ? .compact : .stacked
    }

    /// The bounds at `fontScale`. Only the three columns are printed and every bound grows with
    /// the scale, so a scale between columns takes the next column up (the larger bound, erring
    /// toward the lower rung); above 2.0 the 2.0 bounds grow in proportion, rounded up.
    static func thresholds(_ fontScale: Rational) -> (inline: Int, compact: Int) {
        if let c = AdvanceTable.columns.firstIndex(where: { fontScale <= $0 }) { return thresholds[c] }
        let last = thresholds[thresholds.count - 1], ratio = fontScale / Rational(2)
        func grown(_ dp: Int) -> Int { (Rational(dp) * ratio).ceiling.intValue ?? Int.max }
        return (grown(last.inline), grown(last.compact))
    }

    /// The extra height the rung costs the Large stack.
    public func heightCost(fontScale: Rational) -> Rational {
        self == .stacked ? Typography.lineBox(sp: 11, fontScale: fontScale) + Rational(6) : Rational(0)
    }

    public static func < (a: LargeHeaderRung, b: LargeHeaderRung) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
