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
        let t = thresholds[AdvanceTable.column(fontScale)]
        if width >= t.inline { return .inline }
        return width >= t.compact ? .compact : .stacked
    }

    /// The extra height the rung costs the Large stack.
    public func heightCost(fontScale: Rational) -> Rational {
        self == .stacked ? Typography.lineBox(sp: 11, fontScale: fontScale) + Rational(6) : Rational(0)
    }

    public static func < (a: LargeHeaderRung, b: LargeHeaderRung) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
