/// Storage: equal cells are told equal by their bytes, without branches; SameBytesTests pins it for 1 to 24 bytes.
///
/// Whether the values at `a` and `b` have the same bytes: then they are equal (the fleet state's
/// cells are plain data); unequal bytes (padding, unused slots) may still be equal values. Inline
/// and without branches, word by word (the size is known where it is inlined).
@inline(__always) func sameBytes<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b), n = MemoryLayout<T>.size
    var diff: UInt64 = 0
    var i = 0
    while i + 8 <= n {
        diff |= x.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        i += 8
    }
    if i < n, n >= 8 {
        // The last word again, overlapping: one load for the tail instead of one per byte.
        diff |= x.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        return diff == 0
    }
    while i < n {
        diff |= UInt64(x.load(fromByteOffset: i, as: UInt8.self) ^ y.load(fromByteOffset: i, as: UInt8.self))
        i += 1
    }
    return diff == 0
}

/// `a.pointee == b.pointee`, through a byte comparison first (`sameBytes`).
@inline(__always) func equalInPlace<T: Equatable>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    sameBytes(a, b) || a.pointee == b.pointee
}
