import Foundation

/// Little-endian words appended to a batch bound for one rank. Nothing in a batch depends on
/// the sender's memory: states travel as `StateWire` writes them.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func put(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    mutating func put(blob: [UInt8]) {
        put(UInt32(blob.count))
        bytes.append(contentsOf: blob)
    }
}

/// Reads a batch another rank wrote with `WireWriter`. The peers run the same binary on the
/// same configuration, but a batch is still read with bounds checks: a short one is refused.
struct WireReader {
    struct Short: Error {}

    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    mutating func get<T: FixedWidthInteger>(_: T.Type) throws(Short) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw Short() }
        defer { offset += size }
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    /// The next `n` bytes.
    mutating func take(_ n: Int) throws(Short) -> ArraySlice<UInt8> {
        guard n >= 0, bytes.count - offset >= n else { throw Short() }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    mutating func blob() throws(Short) -> ArraySlice<UInt8> {
        let n = Int(try get(UInt32.self))
        guard bytes.count - offset >= n else { throw Short() }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }
}

