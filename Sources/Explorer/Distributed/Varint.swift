/// Unsigned LEB128 varints: the distributed run's compact words (ids, deltas, action indices),
/// one byte for values under 128.
public enum Varint {
    @inline(__always)
    public static func put(_ value: UInt64, into bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// The varint at `offset` (moved past it); nil when the bytes end first or it runs past 64 bits.
    @inline(__always)
    public static func get(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let b = bytes[offset]
            offset += 1
            guard shift < 64, shift < 63 || b <= 1 else { return nil }
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
