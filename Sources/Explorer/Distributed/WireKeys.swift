/// The coding keys one rank has named to one peer, by id (from 1; 0 ends a container): a
/// key's string crosses the wire once per peer, in the header of the batch that first uses
/// it (`fresh`), and the peer appends it to its table for this rank (`WireKeyNames`).
final class WireKeys {
    private var ids: [String: UInt32] = [:]
    /// Keys given an id since the last batch went out, in id order.
    private(set) var fresh: [String] = []

    func id(_ key: String) -> UInt32 {
        if let id = ids[key] { return id }
        let id = UInt32(ids.count + 1)
        ids[key] = id
        fresh.append(key)
        return id
    }

    /// The header of the batch going out: the fresh keys, which the peer learns before its states.
    func header() -> [UInt8] {
        var writer = WireWriter()
        writer.put(UInt32(fresh.count))
        for key in fresh { writer.put(blob: Array(key.utf8)) }
        fresh.removeAll(keepingCapacity: true)
        return writer.bytes
    }
}

/// A peer's keys as this rank has learnt them (id i + 1 at index i).
struct WireKeyNames {
    var names: [String] = []

    /// Reads a batch's header (`WireKeys.header`), leaving `reader` at its first state.
    mutating func learn(_ reader: inout WireReader) throws(WireReader.Short) {
        let count = try reader.get(UInt32.self)
        for _ in 0..<count { names.append(String(decoding: try reader.blob(), as: UTF8.self)) }
    }
}
