import BigNum

/// The medium widget's habit rows (spec: Left-column height budget — Shedding order, item 3:
/// "Habit rows, dropped from the bottom, most-recent-first"; mainRowBudget(h) = contentBox(h)
/// − staleFooter). The rows sit beside the left column in main_row and share its height.
///
/// Only the 44dp next-due row (KINDLING_NEXT_DUE_ROW_HEIGHT_DP) is printed; another row is
/// our reading, a 13sp line + 12dp as on Large, and no printed cell constrains it. The STALE
/// footer is the largest any consistent left-column model reserves.
public struct MediumRows: Equatable, Sendable {
    /// How many due habits render, from the top; the rest are dropped from the bottom.
    public var visible: Int

    /// The STALE footer's rendered height (0dp when not STALE): what mainRowBudget subtracts.
    public var footerDp: Rational

    public init(
        height: Int, fontScale: Rational, stale: Bool, kindling: Bool, dueCount: Int,
        fixes: Set<WidgetFix> = WidgetFix.shipped
    ) {
        footerDp = stale ? StaleFooter.renderedHeight(height: height, fontScale: fontScale, fixes: fixes) : Rational(0)
        let budget = HostBox.contentBox(height: height) - footerDp
        var count = 0, used = Rational(0)
        while count < dueCount {
            // Kindling's next-due row is the first unchecked one; taking it first errs toward fewer rows.
            let row = kindling && count == 0 ? Rational(LargePlan.nextDueRowDp) : LargePlan.rowHeight(fontScale)
            guard used + row <= budget else { break }
            used += row
            count += 1
        }
        visible = count
    }

    /// The STALE footer: the largest footer any consistent left-column model reserves.
    static func staleFooter(_ fontScale: Rational) -> Rational {
        let key = "\(fontScale)"
        if let known = footerCache.value(key) { return known }
        let footer = footers.map { $0.dp(fontScale) }.max() ?? Rational(0)
        footerCache.store(key, footer)
        return footer
    }

    /// The distinct footers of the consistent models, in first-seen order.
    static let footers: [LineCost] = {
        var seen = Set<LineCost>()
        return HeightCostModel.consistent.map(\.footer).filter { seen.insert($0).inserted }
    }()

    static let footerCache = NeedCache()
}
