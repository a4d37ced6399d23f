import BigNum

/// Android text metrics shared by every budget (spec: Left-column height budget, Small widget).
public enum Typography {
    /// Roboto's line box with includeFontPadding on is sp × 1.33, not sp × 1.2.
    public static let robotoLineBox = Rational(133, 100)

    /// The font scale above which both numerals step down to a smaller sp.
    public static let numeralStepScale = Rational(115, 100)

    /// The height in dp of one line of `sp` text at `fontScale`.
    public static func lineBox(sp: Int, fontScale: Rational) -> Rational {
        Rational(sp) * fontScale * robotoLineBox
    }

    /// The medium/Large streak numeral: 34sp at fontScale ≤ 1.15, 28sp above.
    public static func mediumNumeralSp(_ fontScale: Rational) -> Int {
        fontScale <= numeralStepScale ? 34 : 28
    }

    /// The small widget's numeral: 22sp at fontScale ≤ 1.15, 18sp above.
    public static func smallNumeralSp(_ fontScale: Rational) -> Int {
        fontScale <= numeralStepScale ? 22 : 18
    }

    /// The Android system font-scale steps (0.85 … 2.0) a user can pick in Settings.
    public static let systemFontScales: [Rational] =
        ["0.85", "1", "1.15", "1.3", "1.5", "1.8", "2"].compactMap(Rational.init)
}

/// The host's widget box on targetSdk 36 (spec: The real content box is smaller than the
/// declared bounds; Width budget — The box model).
public enum HostBox {
    /// 8dp system widget margin per side.
    public static let systemWidgetMarginDp = 16
    /// The root LinearLayout's padding, both sides together.
    public static let rootPaddingDp = 24
    /// Absorbs OEM font-metric drift; subtracted unconditionally on the height axis only.
    public static let safetyMarginDp = 6

    /// contentBox(h) = h − 16 − 24 − 6.
    public static func contentBox(height: Int) -> Rational {
        Rational(height - systemWidgetMarginDp - rootPaddingDp - safetyMarginDp)
    }

    /// contentWidth(w) = w − 16 − 24 (no safety constant on the width axis).
    public static func contentWidth(width: Int) -> Rational {
        Rational(width - systemWidgetMarginDp - rootPaddingDp)
    }
}
