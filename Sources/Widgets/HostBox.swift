import BigNum

/// The host's widget box on targetSdk 36 (spec: The real content box is smaller than the
/// declared bounds; Width budget — The box model).
public enum HostBox {
    /// 8dp system widget margin per side.
    public static let systemWidgetMarginDp = 16
    /// The root LinearLayout's padding, both sides together.
    public static let rootPaddingDp = 24
    /// Absorbs OEM font-metric drift; subtracted unconditionally on the height axis only.
    public static let safetyMarginDp = 6

    /// minHeight / minResizeHeight (home_widget_info.xml bounds): the least granted height.
    public static let minHeightDp = 130
    /// minWidth / minResizeWidth: the least granted width.
    public static let minWidthDp = 110
    /// maxResizeWidth / maxResizeHeight as v4.11 declares them (Three-breakpoint model), not the
    /// 250dp / 180dp of the Left-column height budget's table: under 180dp Large (≥ 270dp) could
    /// never resolve (W-17).
    public static let maxResizeWidthDp = 500
    public static let maxResizeHeightDp = 400

    /// contentBox(h) = h − 16 − 24 − 6.
    public static func contentBox(height: Int) -> Rational {
        Rational(height - systemWidgetMarginDp - rootPaddingDp - safetyMarginDp)
    }

    /// Pre-Android-12 launchers' legacy cell count for a declared size: ceil((size + 30) / 70).
    public static func legacyCells(sizeDp: Int) -> Int {
        (Rational(sizeDp + 30) / Rational(70)).ceiling.intValue ?? Int.max
    }

    /// contentWidth(w) = w − 16 − 24 (no safety constant on the width axis).
    public static func contentWidth(width: Int) -> Rational {
        Rational(width - systemWidgetMarginDp - rootPaddingDp)
    }
}
