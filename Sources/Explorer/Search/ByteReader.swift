import Foundation

/// Little-endian reads of a checkpoint that throw `Short` past the end, never trap.
struct ByteReader {
    struct Short: Error {}

    let data: Data
    private var offset = 0

    /// `data` may be a slice: it is only read through `withUnsafeBytes`, relative to its start.
    init(data: Data) { self.data = data }

    var atEnd: Bool { offset >= data.count }

    mutating func word() throws(Short) -> UInt64 {
        guard data.count - offset >= 8 else { throw Short() }
        defer { offset += 8 }
        return data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian }
    }

    /// The first word, or nil on a short file (for the magic number).
    mutating func u64() -> UInt64? { try? word() }

    /// A count, then that many elements; a count past the end of the file is `Short`.
    mutating func array<T: FixedWidthInteger>() throws(Short) -> [T] {
        let n = try word()
        let size = MemoryLayout<T>.size
        guard n <= UInt64((data.count - offset) / size) else { throw Short() }
        let count = Int(n)
        defer { offset += count * size }
        return data.withUnsafeBytes { raw in
            (0..<count).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: offset + $0 * size, as: T.self)) }
        }
    }
}
