import CGMP

/// An exact fraction backed by GNU MP, always in lowest terms with a positive denominator.
///
/// Widget budgets at dp boundaries (font scale × sp × 1.33) use this so a 1 dp boundary
/// cannot flip on floating-point rounding.
public struct Rational: Sendable {
    final class Storage: @unchecked Sendable {
        let q: UnsafeMutablePointer<__mpq_struct>
        init() {
            q = .allocate(capacity: 1)
            __gmpq_init(q)
        }
        deinit {
            __gmpq_clear(q)
            q.deallocate()
        }
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    static func make(_ body: (UnsafeMutablePointer<__mpq_struct>) -> Void) -> Rational {
        let s = Storage()
        body(s.q)
        return Rational(storage: s)
    }

    /// `numerator / denominator`, reduced. Precondition: the denominator is not zero.
    public init(_ numerator: BigInt, _ denominator: BigInt) {
        precondition(!denominator.isZero, "Rational with zero denominator")
        self = Rational.make { q in
            __gmpz_set(cgmp_mpq_numref(q), numerator.storage.z)
            __gmpz_set(cgmp_mpq_denref(q), denominator.storage.z)
            __gmpq_canonicalize(q)
        }
    }

    public init(_ numerator: Int, _ denominator: Int = 1) {
        self.init(BigInt(numerator), BigInt(denominator))
    }

    public init(_ integer: BigInt) { self.init(integer, BigInt.one) }

    /// Parses "12", "-3/4" or a decimal such as "1.33" exactly (1.33 is 133/100).
    public init?(_ text: String) {
        if let slash = text.firstIndex(of: "/") {
            guard let n = BigInt(String(text[..<slash])),
                  let d = BigInt(String(text[text.index(after: slash)...])), !d.isZero else { return nil }
            self.init(n, d)
            return
        }
        if let dot = text.firstIndex(of: ".") {
            let whole = String(text[..<dot])
            let fraction = String(text[text.index(after: dot)...])
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = BigInt(whole + fraction) else { return nil }
            self.init(n, BigInt.power(BigInt(10), UInt(fraction.count)))
            return
        }
        guard let n = BigInt(text) else { return nil }
        self.init(n)
    }

    public var numerator: BigInt { BigInt.make { __gmpz_set($0, cgmp_mpq_numref(storage.q)) } }
    public var denominator: BigInt { BigInt.make { __gmpz_set($0, cgmp_mpq_denref(storage.q)) } }

    public var signum: Int { Int(cgmp_mpq_sgn(storage.q)) }
    public var isZero: Bool { signum == 0 }

    /// Largest integer not above the value.
    public var floor: BigInt { numerator.floorDivided(by: denominator) }
    /// Smallest integer not below the value.
    public var ceiling: BigInt { -((-self).floor) }
}
