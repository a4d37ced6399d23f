import FleetCard
import Synchronization

/// Storage: a server cell with a tick copies, compares and hashes as bytes; DecidedTickTests pins the round trip.
///
/// FleetCard's own decision of a tick (`FleetTick`), held in a tick cell by a 32-bit id into a
/// process-wide table that keeps each distinct decision once: a server cell with a tick in
/// flight then copies, compares and hashes as plain bytes instead of retaining FleetTick's
/// strings and arrays. Equal ids are equal decisions; ids name storage only (they may differ
/// between runs) and never reach a fingerprint, an order or a report; its JSON is the FleetTick.
public struct DecidedTick: Hashable, Sendable, CustomReflectable {
    let id: UInt32
    /// What the fingerprint packs of the decision (its content and sids are the cell's):
    /// vetoed, logsVeto, whether a zero timer runs, and the action.
    let bits: UInt8

    public init(_ tick: FleetTick) {
        id = Self.table.id(tick)
        bits = (tick.vetoed ? 1 : 0) | (tick.logsVeto ? 2 : 0) | (tick.zeroSince == nil ? 0 : 4)
            | FleetSystem.actionCode(tick.action) << 3
    }

    /// The decision itself.
    public var tick: FleetTick { Self.table.value(id) }

    /// A test failure prints the decision, never the run-dependent id.
    public var customMirror: Mirror { Mirror(self, children: ["tick": tick]) }

    static let table = Table()

    /// Each distinct FleetTick once, named by its index.
    final class Table: Sendable {
        private struct Storage {
            var ids: [FleetTick: UInt32] = [:]
            var values: [FleetTick] = []
        }
        private let storage = Mutex(Storage())

        func id(_ tick: FleetTick) -> UInt32 {
            storage.withLock { s in
                if let known = s.ids[tick] { return known }
                let id = UInt32(s.values.count)
                s.values.append(tick)
                s.ids[tick] = id
                return id
            }
        }

        func value(_ id: UInt32) -> FleetTick { storage.withLock { $0.values[Int(id)] } }
    }
}

extension DecidedTick: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(FleetTick.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(tick)
    }
}
