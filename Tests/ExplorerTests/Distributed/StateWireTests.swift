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

    /// Sends `states` through one batch from rank 0 to rank 1 and reads them back there.
    static func cross<M: Model>(_ model: M, _ states: [M.Storage.Stored]) throws -> ([M.Storage.Stored?], Int) {
        let sender = StateWire(model: model, ranks: 2), receiver = StateWire(model: model, ranks: 2)
        var body = WireWriter()
        for s in states { sender.put(s, to: 1, into: &body) }
        var reader = WireReader(sender.header(to: 1) + body.bytes)
        try receiver.learn(from: 0, &reader)
        var back: [M.Storage.Stored?] = []
        while !reader.atEnd { back.append(receiver.state(try receiver.next(&reader), from: 0)) }
        return (back, reader.bytes.count)
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
        #expect(wire.state([][...], from: 0) == nil)
        #expect(wire.state([9, 1, 2][...], from: 0) == nil)
        #expect(StateWire(model: Counter(), ranks: 2).state([1, 2, 3][...], from: 0) == nil)
    }
}
