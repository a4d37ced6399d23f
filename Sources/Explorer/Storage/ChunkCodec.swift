import Foundation

/// How a column's chunk is written to a spill file and read back. A plain value (no references
/// inside: fingerprints, parent links, a packed state) is written as its bytes, which mean the
/// same in the process that reads them (the only one: spill files live as long as the run);
/// anything else goes through a coder the caller supplies (a model's states: their JSON).
struct ChunkCodec<Element>: Sendable {
    let encode: @Sendable ([Element]) -> [UInt8]
    /// The elements back, or nil when the bytes are not a chunk of them.
    let decode: @Sendable ([UInt8]) -> [Element]?

    /// The bytes of the elements as they lie in memory; nil when `Element` holds references.
    static var raw: ChunkCodec? {
        guard _isPOD(Element.self) else { return nil }
        return ChunkCodec(
            encode: { elements in elements.withUnsafeBytes { Array($0) } },
            decode: { bytes in
                let stride = MemoryLayout<Element>.stride
                guard stride > 0, bytes.count % stride == 0 else { return nil }
                let count = bytes.count / stride
                return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                    bytes.withUnsafeBytes { source in
                        if let base = source.baseAddress, let target = buffer.baseAddress {
                            UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: bytes.count)
                        }
                    }
                    initialized = count
                }
            })
    }
}

extension ChunkCodec {
    /// A model's stored states as the JSON of its states: for a model whose `Stored` form holds
    /// references (arrays, strings), which cannot be written as raw bytes.
    static func json<M: Model>(_ model: M) -> ChunkCodec<M.Storage.Stored> {
        ChunkCodec<M.Storage.Stored>(
            encode: { chunk in
                let encoder = JSONEncoder()
                // A model's own states always encode (Codable by the protocol); failing is a model bug.
                guard let data = try? encoder.encode(chunk.map { M.Storage.loaded($0, in: model) }) else {
                    preconditionFailure("\(model.name): a state did not encode as JSON")
                }
                return Array(data)
            },
            decode: { bytes in
                (try? JSONDecoder().decode([M.State].self, from: Data(bytes))).map { $0.map { M.Storage.stored($0, in: model) } }
            })
    }
}
