import Foundation
import Testing
@testable import FleetCard

@Suite struct FleetContentStateCodableTests {
    @Test("a content state from an older build with fields missing decodes with defaults instead of throwing")
    func lenient() throws {
        let json = Data(#"{"working": 2, "rows": [{"sid": "s1", "state": "needsInput"}]}"#.utf8)
        let content = try JSONDecoder().decode(FleetContentState.self, from: json)
        #expect(content == FleetContentState(
            working: 2, needsInput: 0, rows: [FleetRow(sid: "s1", title: "", state: .needsInput, since: 0)],
            more: 0, updatedAt: 0))
    }

    @Test("a full content state round-trips")
    func roundTrip() throws {
        let content = FleetContentState(
            working: 1, needsInput: 1, rows: [FleetRow(sid: "s1", title: "t", state: .working, since: 4)], more: 1,
            updatedAt: 9)
        #expect(try JSONDecoder().decode(FleetContentState.self, from: JSONEncoder().encode(content)) == content)
    }
}
