import BigNum
import Testing
@testable import Widgets

@Suite struct TypographyTests {
    @Test("the line box is sp × fontScale × 1.33, exactly")
    func lineBox() {
        #expect(Typography.lineBox(sp: 11, fontScale: 1) == Rational(1463, 100))
        #expect(Typography.lineBox(sp: 28, fontScale: Fixtures.scale("1.3")) == Rational(48412, 1000))
    }

    @Test("both numerals step down above fontScale 1.15, not at it")
    func numeralStep() {
        #expect(Typography.mediumNumeralSp(Fixtures.scale("1.15")) == 34)
        #expect(Typography.mediumNumeralSp(Fixtures.scale("1.16")) == 28)
        #expect(Typography.smallNumeralSp(Fixtures.scale("1.15")) == 22)
        #expect(Typography.smallNumeralSp(Fixtures.scale("1.3")) == 18)
    }

    @Test("finding W-7: 28sp is not 'an effective ≥34sp' for fontScale in (1.15, 34/28)")
    func effectiveSizeClaim() {
        let fs = Fixtures.scale("1.2")
        #expect(Rational(Typography.mediumNumeralSp(fs)) * fs < Rational(34))
        #expect(Rational(Typography.mediumNumeralSp(Fixtures.scale("1.3"))) * Fixtures.scale("1.3") >= Rational(34))
    }

        }
