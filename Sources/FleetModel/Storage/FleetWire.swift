import Explorer
import FleetCard
import Foundation

/// Storage: a packed state crosses between ranks as ids; FleetWireTests pins the round trip between two codecs, DistributedCheckTests between processes.
///
/// The fleet's stored states on the distributed run's wire (`StoredWire`). A packed state is
/// intern ids that mean something only in the process that made them, so each part crosses to
/// a peer once, as its plain bytes with its part hash, and after that as the sender's id (a
/// varint) which the peer maps to its own. A state is then 4 + phones varints (a few bytes
/// each) where its binary `Codable` form took ~400 bytes and ~35 µs to encode and decode.
///
/// One part holds a process's own id: a server's tick in flight names its decision by a
/// `DecidedTick` id (a process-wide table). Each decision crosses to a peer once too (its JSON),
/// after the servers' bytes, and the peer puts its own id in their place.
final class FleetWire: StoredWire, @unchecked Sendable {
    private let codec: FleetCodec
    /// Per peer and part table, bit i: the part this process names i was sent to the peer.
    private var sent: [[[UInt64]]]
    /// Per peer and part table, the peer's id of a part to this process's (`unknown`: never sent).
    private var learnt: [[[UInt32]]]
    /// Per peer, the decisions (`DecidedTick` ids) sent to it, and learnt from it (theirs to ours).
    private var ticksSent: [Set<UInt32>]
    private var ticksLearnt: [[UInt32: DecidedTick]]
    private static var unknown: UInt32 { .max }
    /// Words 0...3 name one table each; words 4... a device each, all in the devices table.
    private static var tables: Int { 5 }

    init(codec: FleetCodec, ranks: Int) {
        // Parts cross as their bytes: they must be plain data (no references), as `unpack` copies them.
        precondition(
            _isPOD(FleetCodec.World.self) && _isPOD(FleetState.Servers.self) && _isPOD(FleetState.Registries.self)
                && _isPOD(FleetCodec.InFlight.self) && _isPOD(DeviceCell.self),
            "a fleet state part holds references")
        self.codec = codec
        sent = Array(repeating: Array(repeating: [], count: Self.tables), count: ranks)
        learnt = Array(repeating: Array(repeating: [], count: Self.tables), count: ranks)
        ticksSent = Array(repeating: [], count: ranks)
        ticksLearnt = Array(repeating: [:], count: ranks)
    }

    func write(_ stored: PackedFleetState, to peer: Int, into bytes: inout [UInt8]) {
        let w = stored.words
        for i in 0..<(4 + codec.deviceCount) {
            let t = min(i, 4), id = w[i]
            let word = Int(id >> 6), bit = UInt64(1) << UInt64(id & 63)
            if word < sent[peer][t].count, sent[peer][t][word] & bit != 0 {
                Varint.put(UInt64(id) << 1, into: &bytes)
                continue
            }
            if word >= sent[peer][t].count { sent[peer][t] += Array(repeating: 0, count: word + 1 - sent[peer][t].count) }
            sent[peer][t][word] |= bit
            Varint.put(UInt64(id) << 1 | 1, into: &bytes)
            switch t {
            case 0: Self.put(codec.world, id, into: &bytes)
            case 1:
                Self.put(codec.servers, id, into: &bytes)
                putTicks(of: InternTable.value(codec.servers.entry(id)), to: peer, into: &bytes)
            case 2: Self.put(codec.registries, id, into: &bytes)
            case 3: Self.put(codec.inFlight, id, into: &bytes)
            default: Self.put(codec.devices, id, into: &bytes)
            }
        }
    }

    func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int, from peer: Int) -> PackedFleetState? {
        var w = SIMD8<UInt32>(repeating: 0)
        for i in 0..<(4 + codec.deviceCount) {
            let t = min(i, 4)
            guard let v = Varint.get(bytes, at: &offset), let theirs = Int(exactly: v >> 1), theirs <= Int(UInt32.max)
            else { return nil }
            if v & 1 == 0 {
                guard theirs < learnt[peer][t].count, learnt[peer][t][theirs] != Self.unknown else { return nil }
                w[i] = learnt[peer][t][theirs]
                continue
            }
            let ours: UInt32? =
                switch t {
                case 0: Self.take(codec.world, bytes, &offset)
                case 1: Self.take(codec.servers, bytes, &offset) { servers, at in takeTicks(servers, bytes, &at, from: peer) }
                case 2: Self.take(codec.registries, bytes, &offset)
                case 3: Self.take(codec.inFlight, bytes, &offset)
                default: Self.take(codec.devices, bytes, &offset)
                }
            guard let ours else { return nil }
            if theirs >= learnt[peer][t].count {
                learnt[peer][t] += Array(repeating: Self.unknown, count: theirs + 1 - learnt[peer][t].count)
            }
            learnt[peer][t][theirs] = ours
            w[i] = ours
        }
        return PackedFleetState(words: w)
    }

    /// Appends part `id`'s hash and plain bytes.
    private static func put<V>(_ table: InternTable<V>, _ id: UInt32, into bytes: inout [UInt8]) {
        let entry = table.entry(id)
        withUnsafeBytes(of: entry.pointee.hash.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: InternTable.value(entry), count: MemoryLayout<V>.size))
    }

    /// Interns the part whose hash and bytes are at `offset` (moved past them), once `fix` has
    /// put this process's ids in it (false: what followed was not readable); nil when short.
    private static func take<V>(
        _ table: InternTable<V>, _ bytes: UnsafeRawBufferPointer, _ offset: inout Int,
        fix: (UnsafeMutablePointer<V>, inout Int) -> Bool = { _, _ in true }
    ) -> UInt32? {
        let size = MemoryLayout<V>.size
        guard let base = bytes.baseAddress, bytes.count - offset >= 8 + size else { return nil }
        let hash = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let source = base + offset + 8
        offset += 8 + size
        return withUnsafeTemporaryAllocation(of: V.self, capacity: 1) { buffer -> UInt32? in
            guard let value = buffer.baseAddress else { return nil }
            // Plain data (checked at init): its bytes are the value, no reference to retain.
            UnsafeMutableRawPointer(value).copyMemory(from: source, byteCount: size)
            guard fix(value, &offset) else { return nil }
            return table.id(UnsafePointer(value), hash: hash)
        }
    }

    /// After a servers part's bytes: each tick's decision, by id (its JSON the first time).
    private func putTicks(of servers: UnsafePointer<FleetState.Servers>, to peer: Int, into bytes: inout [UInt8]) {
        for server in servers.pointee {
            guard let tick = server.tick else { continue }
            let id = tick.decided.id
            guard ticksSent[peer].insert(id).inserted else {
                Varint.put(UInt64(id) << 1, into: &bytes)
                continue
            }
            Varint.put(UInt64(id) << 1 | 1, into: &bytes)
            // FleetTick is Codable by construction: failing is a model bug.
            guard let json = try? JSONEncoder().encode(tick.decided.tick) else { preconditionFailure("a FleetTick did not encode") }
            Varint.put(UInt64(json.count), into: &bytes)
            bytes.append(contentsOf: json)
        }
    }

    /// Reads what `putTicks` wrote and puts this process's decision ids into `servers`.
    private func takeTicks(
        _ servers: UnsafeMutablePointer<FleetState.Servers>, _ bytes: UnsafeRawBufferPointer, _ offset: inout Int, from peer: Int
    ) -> Bool {
        for i in servers.pointee.indices where servers.pointee[i].tick != nil {
            guard let v = Varint.get(bytes, at: &offset), let theirs = UInt32(exactly: v >> 1) else { return false }
            if v & 1 == 0 {
                guard let ours = ticksLearnt[peer][theirs] else { return false }
                servers.pointee[i].tick?.decided = ours
                continue
            }
            guard let n = Varint.get(bytes, at: &offset), let count = Int(exactly: n), bytes.count - offset >= count,
                let tick = try? JSONDecoder().decode(FleetTick.self, from: Data(bytes[offset..<offset + count]))
            else { return false }
            offset += count
            let ours = DecidedTick(tick)
            ticksLearnt[peer][theirs] = ours
            servers.pointee[i].tick?.decided = ours
        }
        return true
    }
}
