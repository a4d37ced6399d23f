import CGMP

extension BigInt: AdditiveArithmetic {
    public static func + (a: BigInt, b: BigInt) -> BigInt {
        make { __gmpz_add($0, a.storage.z, b.storage.z) }
    }
    public static func - (a: BigInt, b: BigInt) -> BigInt {
        make { __gmpz_sub($0, a.storage.z, b.storage.z) }
    }
    public static func += (a: inout BigInt, b: BigInt) { a = a + b }
    public static func -= (a: inout BigInt, b: BigInt) { a = a - b }
}

extension BigInt {
    public static func * (a: BigInt, b: BigInt) -> BigInt {
        make { __gmpz_mul($0, a.storage.z, b.storage.z) }
    }
    public static func *= (a: inout BigInt, b: BigInt) { a = a * b }

    public static prefix func - (a: BigInt) -> BigInt {
        make { __gmpz_neg($0, a.storage.z) }
    }

    /// Quotient rounded toward negative infinity. Precondition: `b` is not zero.
    public func floorDivided(by b: BigInt) -> BigInt {
        precondition(!b.isZero, "BigInt division by zero")
        return BigInt.make { __gmpz_fdiv_q($0, storage.z, b.storage.z) }
    }

    /// Remainder with the sign of the divisor (pairs with `floorDivided`).
    public func floorRemainder(dividingBy b: BigInt) -> BigInt {
        precondition(!b.isZero, "BigInt division by zero")
        return BigInt.make { __gmpz_fdiv_r($0, storage.z, b.storage.z) }
    }

    public var magnitude: BigInt { BigInt.make { __gmpz_abs($0, storage.z) } }

    public static func gcd(_ a: BigInt, _ b: BigInt) -> BigInt {
        make { __gmpz_gcd($0, a.storage.z, b.storage.z) }
    }

    /// `base` raised to `exponent`.
    public static func power(_ base: BigInt, _ exponent: UInt) -> BigInt {
        make { __gmpz_pow_ui($0, base.storage.z, exponent) }
    }
}

extension BigInt: Equatable, Comparable, Hashable {
    public static func == (a: BigInt, b: BigInt) -> Bool { __gmpz_cmp(a.storage.z, b.storage.z) == 0 }
    public static func < (a: BigInt, b: BigInt) -> Bool { __gmpz_cmp(a.storage.z, b.storage.z) < 0 }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension BigInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension BigInt: CustomStringConvertible {
    /// Base-10 digits, with a leading minus when negative.
    public var description: String {
        let size = __gmpz_sizeinbase(storage.z, 10) + 2
        var buffer = [CChar](repeating: 0, count: size)
        _ = buffer.withUnsafeMutableBufferPointer { __gmpz_get_str($0.baseAddress, 10, storage.z) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension BigInt: Codable {
    /// Encoded as a decimal string: JSON numbers cannot carry more than 53 bits faithfully.
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = BigInt(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "not a base-10 integer: \(text)"))
        }
        self = value
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
