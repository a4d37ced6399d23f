import CGMP

extension Rational {
    public static func + (a: Rational, b: Rational) -> Rational {
        make { __gmpq_add($0, a.storage.q, b.storage.q) }
    }
    public static func - (a: Rational, b: Rational) -> Rational {
        make { __gmpq_sub($0, a.storage.q, b.storage.q) }
    }
    public static func * (a: Rational, b: Rational) -> Rational {
        make { __gmpq_mul($0, a.storage.q, b.storage.q) }
    }
    /// Precondition: `b` is not zero.
    public static func / (a: Rational, b: Rational) -> Rational {
        precondition(!b.isZero, "Rational division by zero")
        return make { __gmpq_div($0, a.storage.q, b.storage.q) }
    }
    public static prefix func - (a: Rational) -> Rational {
        make { __gmpq_neg($0, a.storage.q) }
    }
    public static func += (a: inout Rational, b: Rational) { a = a + b }
    public static func -= (a: inout Rational, b: Rational) { a = a - b }
    public static func *= (a: inout Rational, b: Rational) { a = a * b }

    public static func min(_ a: Rational, _ b: Rational) -> Rational { a <= b ? a : b }
    public static func max(_ a: Rational, _ b: Rational) -> Rational { a >= b ? a : b }

    /// Decimal rendering rounded toward zero to `digits` places, for reports ("0.0123").
    public func decimalString(digits: Int) -> String {
        let scale = BigInt.power(BigInt(10), UInt(digits))
        let scaled = (magnitudeValue * Rational(scale)).floor
        var text = scaled.description
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return (signum < 0 ? "-" : "") + text
    }

    private var magnitudeValue: Rational { signum < 0 ? -self : self }
}

extension Rational: Equatable, Comparable, Hashable {
    public static func == (a: Rational, b: Rational) -> Bool { __gmpq_equal(a.storage.q, b.storage.q) != 0 }
    public static func < (a: Rational, b: Rational) -> Bool { __gmpq_cmp(a.storage.q, b.storage.q) < 0 }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension Rational: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension Rational: CustomStringConvertible {
    /// "n" for integers, "n/d" otherwise.
    public var description: String {
        let d = denominator
        return d == BigInt.one ? numerator.description : "\(numerator)/\(d)"
    }
}
