import Foundation
import Testing
@testable import Explorer

/// States cross between ranks as their stored bytes when those are portable, else in the
/// binary `Codable` form with the keys named once per peer, and read back to the same state.
struct StateWireTests {
    /// A model whose states hold an array: not portable, so its states go the `Codable` way.
    struct Lists: Model {
        struct State: Hashable, Codable, Sendable {
            var items: [Int]
            var label: String
        }
        enum Action: String, Hashable, Codable, Sendable, CustomStringConvertible {
            case grow
            var description: String { rawValue }
        }
        var name: String { "lists" }
        func initialStates() -> [State] { [State(items: [], label: "start")] }
        func actions(in s: State) -> [Action] { s.items.count < 3 ? [.grow] : [] }
        func next(_ s: State, _ a: Action) -> State? { State(items: s.items + [s.items.count], label: s.label) }
        func kind(of a: Action) -> ActionKind { .world }
        var properties: [Property<Lists>] { [] }
    }

    /// The states in `batch` from rank 0, as `receiver` reads them; nil where reading stopped short.
    static func read<M: Model>(_ receiver: StateWire<M>, _ batch: [UInt8]) -> [M.Storage.Stored?]? {
        batch.withUnsafeBytes { raw -> [M.Storage.Stored?]? in
            var offset = 0
            var back: [M.Storage.Stored?] = []
            do {
                try receiver.learn(from: 0, batch, at: &offset)
                while offset < raw.count { back.append(receiver.state(try receiver.next(batch, raw, at: &offset, from: 0), from: 0)) }
            } catch {
                return nil
            }
            return back
        }
    }

    /// Sends `states` through one batch from rank 0 to rank 1 and reads them back there.
    static func cross<M: Model>(_ model: M, _ states: [M.Storage.Stored]) throws -> ([M.Storage.Stored?], Int) {
        let sender = StateWire(model: model, ranks: 2), receiver = StateWire(model: model, ranks: 2)
        var body: [UInt8] = []
        for s in states { sender.put(s, to: 1, into: &body) }
        // The key names the states used go first, as the run sends them.
        let batch = sender.header(to: 1) + body
        return (try #require(read(receiver, batch)), batch.count)
    }

    @Test("a state of plain values crosses as its bytes: two words a counter state")
    func portable() throws {
        #expect(Counter.Storage.storedBytesArePortable)
        let states = [Counter.State(value: 3, pending: 1), Counter.State(value: 0, pending: 2)]
        let (back, bytes) = try Self.cross(Counter(), states)
        #expect(back == states)
        #expect(bytes == 2 * MemoryLayout<Counter.State>.size)
    }

    @Test("a state holding an array crosses in the binary Codable form and reads back equal")
    func codable() throws {
        #expect(!Lists.Storage.storedBytesArePortable)
        let states = [Lists.State(items: [], label: "a"), Lists.State(items: [1, -2, 3], label: "bé")]
        let (back, _) = try Self.cross(Lists(), states)
        #expect(back == states)
    }

    @Test("a state cut short or from an unknown form is not read")
    func refusesDamage() throws {
        let wire = StateWire(model: Lists(), ranks: 2)
        #expect(wire.state(.bytes([][...]), from: 0) == nil)
        #expect(wire.state(.bytes([9, 1, 2][...]), from: 0) == nil)
        // A length past the batch's end, and a raw state cut short.
        #expect(Self.read(StateWire(model: Lists(), ranks: 2), [0, 0, 0, 0, 5, 0, 1]) == nil)
        #expect(Self.read(StateWire(model: Lists(), ranks: 2), [0, 0, 0, 0, 2, 9, 1]) == [nil])
        #expect(Self.read(StateWire(model: Counter(), ranks: 2), [1, 2, 3]) == nil)
    }
}
