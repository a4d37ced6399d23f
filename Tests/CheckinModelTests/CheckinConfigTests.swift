import Foundation
import Testing
@testable import CheckinModel
@testable import Widgets

@Suite struct CheckinConfigTests {
    @Test("the committed configurations decode, and say what they run", arguments: ["checkin.json", "checkin-nightly.json"])
    func committed(_ name: String) throws {
        let c = try Repository.config(name)
        #expect(c.guards == CheckinGuard.shipped)
        // One source: what a committed configuration is expected to find lives in Models/accepted-findings.json.
        #expect(c.expectedFindings.isEmpty)
        #expect(c.summary.contains("world budget \(c.worldBudget)"))
    }

    func decode(_ json: String) throws -> CheckinConfig {
        try JSONDecoder().decode(CheckinConfig.self, from: Data(json.utf8))
    }

    @Test("a typo'd key, an unknown guard, a bad zone and an out-of-range bound are refused with their name")
    func refusals() {
        for (json, word) in [
            (#"{"goal": 2}"#, "unknown key 'goal'"),
            (#"{"guardsOff": ["lock"]}"#, "unknown guard 'lock'"),
            (#"{"timeZone": "Mars/Olympus"}"#, "unknown time zone"),
            (#"{"bounds": {"worldBudget": 9}}"#, "between 0 and 8"),
            (#"{"goals": 4}"#, "between 1 and 3"),
            (#"{"startDay": "tomorrow"}"#, "yyyy-MM-dd"),
        ] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(json) }
            do { _ = try decode(json) } catch { #expect("\(error)".contains(word), "\(json): \(error)") }
        }
    }

    @Test("guardsOff switches exactly the named guards off, and encoding round-trips")
    func roundTrip() throws {
        let c = try decode(#"{"guardsOff": ["queueLock", "storeDedup"], "platform": "ios"}"#)
        #expect(c.guardsOff == ["queueLock", "storeDedup"])
        let again = try JSONDecoder().decode(CheckinConfig.self, from: JSONEncoder().encode(c))
        #expect(again == c)
    }
}
