import BigNum

/// The small widget's NEW_DAY line budget (spec: The NEW_DAY state's own overflow, OBJ-1382):
/// icon sheds first, then the "New day" line, and only then does the caption row render.
public struct NewDayPlan: Equatable, Sendable {
    public var maxLines: Int
    public var showsIcon: Bool
    public var showsLine: Bool
    /// The reactive caption row is only the fallback for a "New day" line that cannot fit.
    /// Before OBJ-1382's ruling it rendered alongside the line and clipped it off the card.
    public var showsCaptionRow: Bool

    /// The lines the "New day" text takes when it shows.
    public var lineCount: Int

    /// NEW_DAY_SMALL_TOP_MARGIN_DP.
    public static let topMarginDp = 6
    /// NEW_DAY_SMALL_ICON_AND_GAP_DP: 13dp icon + 4dp gap.
    public static let iconAndGapDp = 17
    /// "New day" at 11sp: 42–84dp of advance over fontScale 1.0–2.0, printed in whole dp. At
    /// 1.0 and 2.0 the printed dp is the advance; between them the largest a consistent reading
    /// allows (Width budget, The box model).
    public static let lineAdvance = AdvanceModel.Row(size: .sp(lineSp), printed: [42, 84], columns: [Rational(1), Rational(2)])
    public static let lineSp = 11

    public init(
        width: Int, height: Int, fontScale: Rational, model: NewDayCostModel = NewDayCostModel.least,
        fixes: Set<WidgetFix> = WidgetFix.shipped
    ) {
        maxLines = model.maxLines(height: height, fontScale: fontScale)
        let withIcon = Self.wraps(fontScale: fontScale, in: Self.textBox(width: width, icon: true))
        let withoutIcon = Self.wraps(fontScale: fontScale, in: Self.textBox(width: width, icon: false))
        guard fixes.contains(.newDayCaptionFallback) else {
            // Before OBJ-1382 nothing was budgeted: icon, line and caption row all rendered.
            (showsIcon, showsLine, showsCaptionRow, lineCount) = (true, true, true, withIcon)
            return
        }
        showsIcon = withIcon <= maxLines
        showsLine = showsIcon || withoutIcon <= maxLines
        lineCount = showsIcon ? withIcon : withoutIcon
        showsCaptionRow = !showsLine
    }

    /// maxNewDayLines = min(2, floor((budget(h) − head(fs) − 6) / lineBox(11, fs))), never
    /// below 0, at the exact font scale, in rationals. NEW_DAY is never STALE, so budget(h) is
    /// the whole content box. head(fs) is not printed, so the plan grants the fewest lines any
    /// margin consistent with the printed cells grants (`NewDayCostModel.least`).
    public static func maxLines(height: Int, fontScale: Rational) -> Int {
        NewDayCostModel.least.maxLines(height: height, fontScale: fontScale)
    }

    /// textBox(w, icon) = contentWidth(w) − (icon ? 17 : 0).
    public static func textBox(width: Int, icon: Bool) -> Rational {
        HostBox.contentWidth(width: width) - Rational(icon ? iconAndGapDp : 0)
    }

    /// Lines "New day" wraps to: ceil(advance / box), the fewest lines any wrap can achieve
    /// (the spec prints the phrase's advance, not its words').
    public static func wraps(fontScale: Rational, in box: Rational) -> Int {
        guard box.signum > 0 else { return Int.max }
        return (lineAdvance.advance(fontScale) / box).ceiling.intValue ?? Int.max
    }
}
