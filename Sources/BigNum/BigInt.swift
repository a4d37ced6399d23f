import CGMP

/// An arbitrary-precision integer backed by GNU MP, with value semantics.
///
/// Counts of behaviours overflow 64 bits on small models; they are kept here, never in Double.
public struct BigInt: Sendable {
    @usableFromInline final class Storage: @unchecked Sendable {
        let z: UnsafeMutablePointer<__mpz_struct>
        init() {
            z = .allocate(capacity: 1)
            __gmpz_init(z)
        }
        deinit {
            __gmpz_clear(z)
            z.deallocate()
        }
    }

    @usableFromInline let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// Builds a fresh value by letting `body` write into an initialised mpz.
    static func make(_ body: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInt {
        let s = Storage()
        body(s.z)
        return BigInt(storage: s)
    }

    public init() { self.init(storage: Storage()) }

    public init(_ value: Int) {
        self = BigInt.make { __gmpz_set_si($0, value) }
    }

    public init(_ value: UInt64) {
        // mpz_set_ui takes an unsigned long, 64 bits on every platform Swift runs GMP on.
        self = BigInt.make { __gmpz_set_ui($0, UInt(value)) }
    }

    /// Parses a base-10 integer with an optional leading minus; nil when it is not one.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let s = Storage()
        let rc = __gmpz_set_str(s.z, text, 10)
        guard rc == 0 else { return nil }
        self.init(storage: s)
    }

    public static var zero: BigInt { BigInt(0) }
    public static var one: BigInt { BigInt(1) }

    /// -1, 0 or 1.
    public var signum: Int { Int(cgmp_mpz_sgn(storage.z)) }
    public var isZero: Bool { signum == 0 }

    /// The value as an Int when it fits.
    public var intValue: Int? {
        guard __gmpz_fits_slong_p(storage.z) != 0 else { return nil }
        return __gmpz_get_si(storage.z)
    }

    /// Number of bits in the absolute value (0 for zero).
    public var bitWidth: Int { isZero ? 0 : Int(__gmpz_sizeinbase(storage.z, 2)) }
}
