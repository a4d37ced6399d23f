import Explorer
import Testing
@testable import FleetModel

/// A packed fleet state written by one process's codec reads back, in another's, as the same
/// state: parts cross once per peer, then by id.
@Suite("FleetWire")
struct FleetWireTests {
    /// Two models of one configuration: two codecs, whose intern ids differ (as two ranks' do).
    static func pair() -> (FleetSystem, FleetSystem) {
        (FleetSystem(config: Fixture.restartsAndDrops.config), FleetSystem(config: Fixture.restartsAndDrops.config))
    }

    @Test("every reachable state crosses to another codec and loads there to itself; a part's bytes cross once")
    func roundTrip() throws {
        let (a, b) = Self.pair()
        // The receiver interns other states first, so its ids differ from the sender's.
        for state in reachable(b, depth: 4).reversed() { _ = b.stored(state) }
        let states = reachable(a, depth: 7)
        let sender = try #require(a.storedWire(ranks: 2) as? FleetWire), receiver = try #require(b.storedWire(ranks: 2) as? FleetWire)
        var bytes: [UInt8] = []
        for state in states { sender.write(a.stored(state), to: 1, into: &bytes) }
        var back: [FleetState] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let stored = receiver.read(raw, at: &offset, from: 0) { back.append(b.loaded(stored)) }
        }
        #expect(back == states)
        #expect(back.map(b.fingerprint) == states.map(a.fingerprint))
        // Far under the ~400 bytes a state of the Codable form: most parts go by id.
        #expect(bytes.count < 40 * states.count, "\(bytes.count) bytes for \(states.count) states")
        // Sent again, every part goes by id: 4 + phones varints a state.
        var again: [UInt8] = []
        sender.write(a.stored(states[states.count - 1]), to: 1, into: &again)
        #expect(again.count <= 6 * 3)
    }

    @Test("a state cut short or naming a part never sent is not read")
    func refusesDamage() throws {
        let (a, b) = Self.pair()
        let sender = try #require(a.storedWire(ranks: 2) as? FleetWire), receiver = try #require(b.storedWire(ranks: 2) as? FleetWire)
        var bytes: [UInt8] = []
        sender.write(a.stored(a.initialStates()[0]), to: 1, into: &bytes)
        let short = Array(bytes.dropLast())
        short.withUnsafeBytes { raw in
            var offset = 0
            #expect(receiver.read(raw, at: &offset, from: 0) == nil)
        }
        // The same state again goes by ids this receiver (a fresh one) never learnt.
        let fresh = try #require(b.storedWire(ranks: 2) as? FleetWire)
        var second: [UInt8] = []
        sender.write(a.stored(a.initialStates()[0]), to: 1, into: &second)
        second.withUnsafeBytes { raw in
            var offset = 0
            #expect(fresh.read(raw, at: &offset, from: 0) == nil)
        }
    }
}
