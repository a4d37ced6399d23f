import Foundation

/// Little-endian words appended to a batch bound for one rank. Nothing in a batch depends on
/// the sender's memory: states travel as their JSON (`Codable`), never as the model's packed
/// `Stored` form, whose intern ids mean something only in the process that made them.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

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

    mutating func blob() throws(Short) -> ArraySlice<UInt8> {
        let n = Int(try get(UInt32.self))
        guard bytes.count - offset >= n else { throw Short() }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }
}

/// A state in the process-independent encoding: its JSON, which every rank decodes alike.
struct StateCoder<State: Codable>: @unchecked Sendable {
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()
    private let decoder = JSONDecoder()

    func encode(_ state: State) -> [UInt8] {
        // A model's own states always encode (Codable by the protocol); a failure is a model bug.
        guard let data = try? encoder.encode(state) else { preconditionFailure("a state did not encode as JSON") }
        return Array(data)
    }

    func decode(_ bytes: ArraySlice<UInt8>) -> State? { try? decoder.decode(State.self, from: Data(bytes)) }
}
