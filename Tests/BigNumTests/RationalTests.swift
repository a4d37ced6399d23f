import Testing
@testable import BigNum

@Suite struct RationalTests {
    @Test("fractions are kept in lowest terms with a positive denominator")
    func canonical() {
        #expect(Rational(6, -4).description == "-3/2")
        #expect(Rational(10, 5).description == "2")
        #expect(Rational(0, 9).isZero)
    }

    @Test("0.85 × 12 × 1.33 is exactly 13.566, where Double is not")
    func exactBudget() throws {
        let scale = try #require(Rational("0.85")), factor = try #require(Rational("1.33"))
        let box = scale * Rational(12) * factor
        #expect(box == Rational(13_566, 1_000))
        #expect(box.floor == 13 && box.ceiling == 14)
        let viaDouble: Double = 0.85 * 12 * 1.33
        #expect(viaDouble != 13.566)  // the rounding the exact path avoids
    }

    @Test("parsing handles integers, fractions and decimals and rejects garbage")
    func parsing() {
        #expect(Rational("-3/4") == Rational(-3, 4))
        #expect(Rational("-1.5") == Rational(-3, 2))
        #expect(Rational(".5") == Rational(1, 2))
        #expect(Rational("7") == Rational(7))
        #expect(Rational("1/0") == nil)
        #expect(Rational("1.") == nil)
        #expect(Rational("x") == nil)
    }

    @Test("ordering, floor and ceiling of negatives")
    func ordering() {
        #expect(Rational(1, 3) < Rational(1, 2))
        #expect(Rational(-7, 2).floor == -4)
        #expect(Rational(-7, 2).ceiling == -3)
        #expect(Rational(1, 3).decimalString(digits: 4) == "0.3333")
        #expect(Rational(-1, 8).decimalString(digits: 2) == "-0.12")
    }
}
