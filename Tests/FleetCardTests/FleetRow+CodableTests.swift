import Foundation
import Testing
@testable import FleetCard

@Suite struct FleetRowCodableTests {
    @Test("a row with every field missing decodes to the defaults")
    func empty() throws {
        let row = try JSONDecoder().decode(FleetRow.self, from: Data("{}".utf8))
        #expect(row == FleetRow(sid: "", title: "", state: .working, since: 0))
    }
}
