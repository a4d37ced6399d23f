import Foundation

/// How states cross the wire between ranks, in a form every process reads alike:
/// - `raw`: a model whose stored bytes are portable (`StateStorage.storedBytesArePortable`: two-phase
///   commit's one word) sends them as they are, and the owner recomputes the key from them;
/// - `model`: a model with its own wire form (`StoredWireModel`: the fleet's part ids, each
///   part's bytes once per peer) sends that;
/// - otherwise the state's `Codable` form in binary (`WireEncoder`: tags, varints, keys by id),
///   or its JSON for a type the binary form cannot take.
final class StateWire<M: Model>: @unchecked Sendable {
    enum Kind { case raw, model, codable }

    let model: M
    let kind: Kind
    private let own: (any StoredWire<M.Storage.Stored>)?
    /// The keys named to each peer, and learnt from each (by rank): the `Codable` form's.
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
        own = (model as? any StoredWireModel)?.storedWire(ranks: ranks) as? any StoredWire<M.Storage.Stored>
        kind = M.Storage.storedBytesArePortable ? .raw : own != nil ? .model : .codable
        keys = (0..<ranks).map { _ in WireKeys() }
        names = Array(repeating: WireKeyNames(), count: ranks)
    }

    /// Whether a successor's key crosses with it: not for raw states, whose owner recomputes it
    /// (8 bytes of a two-phase commit message's ~11).
    var sendsKey: Bool { kind != .raw }

    /// Writes `stored` into the batch for rank `to`.
    func put(_ stored: M.Storage.Stored, to: Int, into bytes: inout [UInt8]) {
        switch kind {
        case .raw:
            withUnsafeBytes(of: stored) { bytes.append(contentsOf: $0) }
        case .model:
            own.unsafelyUnwrapped.write(stored, to: to, into: &bytes)
        case .codable:
            let state = M.Storage.loaded(stored, in: model)
            var blob: [UInt8]
            if let encoded = try? WireEncoder.encode(state, keys: keys[to]) {
                blob = [Form.binary.rawValue] + encoded
            } else {
                // A model's own states always encode (Codable by the protocol); failing is a model bug.
                guard let data = try? json.encode(state) else { preconditionFailure("\(model.name): a state did not encode as JSON") }
                blob = [Form.json.rawValue] + Array(data)
            }
            Varint.put(UInt64(blob.count), into: &bytes)
            bytes.append(contentsOf: blob)
        }
    }

    /// Writes `stored` into the round's batch for rank `to`: a raw state's bytes straight in, any
    /// other form through `scratch` (the model's own form writes into an array).
    @inline(__always)
    func put(_ stored: M.Storage.Stored, to: Int, into batches: OutgoingBatches, scratch: inout [UInt8]) {
        if kind == .raw {
            withUnsafeBytes(of: stored) { batches.put($0, to: to) }
            return
        }
        scratch.removeAll(keepingCapacity: true)
        put(stored, to: to, into: &scratch)
        scratch.withUnsafeBytes { batches.put($0, to: to) }
    }

    /// The header of rank `to`'s batch: the keys named to it since its last one.
    func header(to: Int) -> [UInt8] { kind == .codable ? keys[to].header() : [] }

    /// Reads the header of a batch from `source` (at its start; `offset` moves past it).
    func learn(from source: Int, _ batch: [UInt8], at offset: inout Int) throws(WireReader.Short) {
        guard kind == .codable else { return }
        var reader = WireReader(batch)
        try names[source].learn(&reader)
        offset = reader.offset
    }

    /// One state in a batch from `source`: read now (raw, model), or its bytes kept to decode
    /// only if the owner keeps it (`Codable`: the costly form).
    enum Pending {
        case state(M.Storage.Stored)
        case bytes(ArraySlice<UInt8>)
    }

    func next(_ batch: [UInt8], _ raw: UnsafeRawBufferPointer, at offset: inout Int, from source: Int) throws(WireReader.Short) -> Pending {
        switch kind {
        case .raw:
            let size = MemoryLayout<M.Storage.Stored>.size
            guard raw.count - offset >= size, let base = raw.baseAddress else { throw WireReader.Short() }
            let state = withUnsafeTemporaryAllocation(of: M.Storage.Stored.self, capacity: 1) { buffer -> M.Storage.Stored in
                UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped).copyMemory(from: base + offset, byteCount: size)
                return buffer.baseAddress.unsafelyUnwrapped.move()
            }
            offset += size
            return .state(state)
        case .model:
            guard let state = own.unsafelyUnwrapped.read(raw, at: &offset, from: source) else { throw WireReader.Short() }
            return .state(state)
        case .codable:
            guard let n = Varint.get(raw, at: &offset), let count = Int(exactly: n), raw.count - offset >= count else {
                throw WireReader.Short()
            }
            defer { offset += count }
            return .bytes(batch[offset..<offset + count])
        }
    }

    /// The stored state `pending` holds, or nil when its bytes are not one.
    func state(_ pending: Pending, from source: Int) -> M.Storage.Stored? {
        switch pending {
        case .state(let s): return s
        case .bytes(let bytes):
            guard let form = bytes.first.flatMap(Form.init(rawValue:)) else { return nil }
            let body = bytes.dropFirst()
            let state: M.State? = switch form {
            case .binary: try? WireDecoder.decode(M.State.self, from: body, names: names[source].names)
            case .json: try? JSONDecoder().decode(M.State.self, from: Data(body))
            }
            return state.map { M.Storage.stored($0, in: model) }
        }
    }
}
