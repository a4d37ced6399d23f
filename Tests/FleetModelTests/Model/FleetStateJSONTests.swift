import Explorer
import Foundation
import Testing
@testable import FleetModel

struct FleetStateJSONTests {
    @Test("a state's JSON form (as a trace records it) is what the decoder reads from the encoder's text")
    func sameAsDecoder() throws {
        let model = Fixture.restartsAndDrops
        let states = reachable(model, depth: 7)
        #expect(states.count > 60)
        // Every 20th: decoding a state's text is slow (seconds for them all in a debug build).
        for state in stride(from: 0, to: states.count, by: 20).map({ states[$0] }) {
            let decoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(state))
            #expect(try JSONValue(encoding: state) == decoded)
        }
    }
}
