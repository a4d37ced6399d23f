import Foundation
import Testing
@testable import FleetCard

@Suite struct FleetRowCodableTests {
    @Test("a row with every field missing decodes to the defaults")
    func empty() throws {
        let row = try JSONDecoder().decode(FleetRow.self, from: Data("{}".utf8))
        #expect(row == FleetRow(sid: "", title: "", state: .working, since: 0))
    }

    @Test("a row whose state this build does not know decodes as working instead of throwing")
    func unknownState() throws {
        let json = Data(#"{"sid": "s1", "title": "t", "state": "blocked", "since": 4}"#.utf8)
        #expect(try JSONDecoder().decode(FleetRow.self, from: json) == FleetRow(sid: "s1", title: "t", state: .working, since: 4))
        let known = Data(#"{"sid": "s1", "state": "needsInput"}"#.utf8)
        #expect(try JSONDecoder().decode(FleetRow.self, from: known).state == .needsInput)
    }
}
