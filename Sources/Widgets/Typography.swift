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
