import Foundation

/// How states cross the wire between ranks, in a form every process reads alike. A model whose
/// stored bytes are portable (`StateStorage.storedBytesArePortable`: two-phase commit's one word)
/// sends them as they are; any other sends its state's `Codable` form in binary
/// (`WireEncoder`: tags, varints, keys by id), or its JSON for a type the binary form cannot
/// take. The fleet's stored form names parts by intern ids of the process that made them, so
/// it goes the `Codable` way.
final class StateWire<M: Model>: @unchecked Sendable {
    let model: M
    let portable: Bool
    /// The keys named to each peer, and learnt from each (by rank).
    private let keys: [WireKeys]
    private var names: [WireKeyNames]
    private let json: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    enum Form: UInt8 { case binary = 0, json = 1 }

    init(model: M, ranks: Int) {
        self.model = model
        portable = M.Storage.storedBytesArePortable
        keys = (0..<ranks).map { _ in WireKeys() }
        names = Array(repeating: WireKeyNames(), count: ranks)
    }

    /// Writes `stored` into the batch for rank `to`.
    func put(_ stored: M.Storage.Stored, to: Int, into writer: inout WireWriter) {
        if portable {
            withUnsafeBytes(of: stored) { writer.put(raw: $0) }
            return
        }
        let state = M.Storage.loaded(stored, in: model)
        if let bytes = try? WireEncoder.encode(state, keys: keys[to]) {
            writer.put(blob: [Form.binary.rawValue] + bytes)
        } else {
            // A model's own states always encode (Codable by the protocol); failing is a model bug.
            guard let data = try? json.encode(state) else { preconditionFailure("\(model.name): a state did not encode as JSON") }
            writer.put(blob: [Form.json.rawValue] + Array(data))
        }
    }

    /// The header of rank `to`'s batch: the keys named to it since its last one.
    func header(to: Int) -> [UInt8] { portable ? [] : keys[to].header() }

    /// Reads the header of a batch from `source`.
    func learn(from source: Int, _ reader: inout WireReader) throws(WireReader.Short) {
        if !portable { try names[source].learn(&reader) }
    }

    /// The bytes of one state in a batch from `source`, to be decoded by `state` if kept.
    func next(_ reader: inout WireReader) throws(WireReader.Short) -> ArraySlice<UInt8> {
        portable ? try reader.take(MemoryLayout<M.Storage.Stored>.size) : try reader.blob()
    }

    /// The stored state `bytes` (from `next`) hold, or nil when they are not one.
    func state(_ bytes: ArraySlice<UInt8>, from source: Int) -> M.Storage.Stored? {
        if portable {
            guard bytes.count == MemoryLayout<M.Storage.Stored>.size else { return nil }
            return withUnsafeTemporaryAllocation(of: M.Storage.Stored.self, capacity: 1) { buffer -> M.Storage.Stored? in
                guard let target = buffer.baseAddress else { return nil }
                bytes.withUnsafeBytes { source in
                    if let base = source.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: source.count) }
                }
                return target.move()
            }
        }
        guard let form = bytes.first.flatMap(Form.init(rawValue:)) else { return nil }
        let body = bytes.dropFirst()
        let state: M.State? = switch form {
        case .binary: try? WireDecoder.decode(M.State.self, from: body, names: names[source].names)
        case .json: try? JSONDecoder().decode(M.State.self, from: Data(body))
        }
        return state.map { M.Storage.stored($0, in: model) }
    }
}
