import Foundation
import Testing
@testable import FleetCard

@Suite struct GuardsCodableTests {
    @Test("a configuration lists only the guards it switches off")
    func missingKeysAreOn() throws {
        let json = Data(#"{"dedupe": false, "maxRows": false}"#.utf8)
        let guards = try JSONDecoder().decode(Guards.self, from: json)
        #expect(guards.switchedOff == ["dedupe", "maxRows"])
    }

    @Test("an unknown guard name is a decoding error naming the key")
    func unknownKeyFails() {
        let json = Data(#"{"dedup": false}"#.utf8)
        #expect {
            try JSONDecoder().decode(Guards.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "unknown guard 'dedup'"
        }
    }

    @Test("encoding writes every guard and decodes back to the same value")
    func roundTrip() throws {
        let guards = try #require(Guards.allBut("clientEndedVeto"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(guards)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix(#"{"adoptOnTokenRegistration":true,"allAcceptedForUpdateAndEnd":true,"canonicalPortOnly":true,"clientEndedVeto":false,"#))
        #expect(text.split(separator: ",").count == Guards.names.count)
        #expect(try JSONDecoder().decode(Guards.self, from: data) == guards)
    }
}
