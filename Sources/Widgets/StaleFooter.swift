import BigNum

/// The STALE footer's rendered height on the medium widget (spec: Left-column height budget,
/// the pre-existing main_row bug): main_row is layout_height="0dp" + layout_weight="1", so the
/// footer ("Today · last synced Xh ago") reserves its height first. Before the fix main_row was
/// wrap_content, measured first, and handed the footer zero height in every state.
/// `MediumRows` subtracts this height from main_row's budget.
public enum StaleFooter {
    /// The footer's height at granted `height`: the largest footer any consistent left-column
    /// model reserves, as much of it as the content box holds; 0dp without the fix.
    public static func renderedHeight(height: Int, fontScale: Rational, fixes: Set<WidgetFix> = WidgetFix.shipped) -> Rational {
        guard fixes.contains(.footerReservedFirst) else { return Rational(0) }
        let box = Rational.max(Rational(0), HostBox.contentBox(height: height))
        return Rational.min(box, MediumRows.staleFooter(fontScale))
    }
}
