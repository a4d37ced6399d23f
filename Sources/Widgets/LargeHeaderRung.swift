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

    /// The rung at granted `width` and `fontScale`.
    public static func resolve(width: Int, fontScale: Rational) -> LargeHeaderRung {
        let t = thresholds(fontScale)
        if width >= t.inline { return .inline }
        return width >= t.compact ? .compact : .stacked
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
