/// Integers of every fixed-width type, full range or a range: the same choices, bias and
/// shrinking as `Gen.int(in:)` (toward 0, or the bound nearest it).
extension Gen where Value: FixedWidthInteger & Sendable {
    /// An integer of `Value` in `range` (types of at most 64 bits).
    ///
    ///     forAll("a byte round-trips", .integer(in: UInt8.min...UInt8.max)) { byte in UInt8(String(byte)) == byte }
    public static func integer(in range: ClosedRange<Value>) -> Gen {
        precondition(Value.bitWidth <= 64, "Gen.integer(in:) takes integer types of at most 64 bits")
        if Value.isSigned {
            let lo = Int(truncatingIfNeeded: range.lowerBound), hi = Int(truncatingIfNeeded: range.upperBound)
            return Gen { source in Value(truncatingIfNeeded: try IntMapping.draw(lo: lo, hi: hi, from: source)) }
        }
        let lo = UInt64(truncatingIfNeeded: range.lowerBound), hi = UInt64(truncatingIfNeeded: range.upperBound)
        return Gen { source in Value(truncatingIfNeeded: lo + (try source.draw(max: hi - lo))) }
    }

    /// Every value of `Value`, from `Value.min` to `Value.max`.
    public static var fullRange: Gen { integer(in: Value.min...Value.max) }
}

extension Gen where Value == Int8 { public static var int8: Gen<Int8> { .fullRange } }
extension Gen where Value == Int16 { public static var int16: Gen<Int16> { .fullRange } }
extension Gen where Value == Int32 { public static var int32: Gen<Int32> { .fullRange } }
extension Gen where Value == Int64 { public static var int64: Gen<Int64> { .fullRange } }
extension Gen where Value == UInt8 { public static var uint8: Gen<UInt8> { .fullRange } }
extension Gen where Value == UInt16 { public static var uint16: Gen<UInt16> { .fullRange } }
extension Gen where Value == UInt32 { public static var uint32: Gen<UInt32> { .fullRange } }
extension Gen where Value == UInt64 { public static var uint64: Gen<UInt64> { .fullRange } }
