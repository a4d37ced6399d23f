import Foundation
import Testing
@testable import FleetModel

@Suite("FleetConfig")
struct FleetConfigTests {
    func decode(_ json: String) -> Result<FleetConfig, FleetConfigError> {
        do { return .success(try FleetConfig.decode(Data(json.utf8), file: "x.json")) } catch { return .failure(error) }
    }

    let valid = """
        {"model": "fleet-card", "sessions": [{"host": 0}], "hosts": 1, "devices": [{"environment": "production"}],
         "bounds": {"worldBudget": 1, "depth": 20}, "world": {"sessionActivities": ["idle", "working"]}}
        """

    @Test("a minimal configuration decodes with every guard on and the documented variants")
    func minimal() throws {
        let config = try decode(valid).get()
        #expect(config.guards == .all)
        #expect(config.variants == .documented)
        #expect(config.sessions == [.init(host: 0)])
    }

    @Test("an unknown key is refused with its place")
    func unknownKey() {
        let bad = valid.replacingOccurrences(of: "\"hosts\": 1", with: "\"hosts\": 1, \"hostz\": 2")
        #expect(decode(bad).failureDescription == "x.json: hostz: unknown key 'hostz'")
    }

    @Test("a bound out of range is refused with its place")
    func badBound() {
        let bad = valid.replacingOccurrences(of: "\"worldBudget\": 1", with: "\"worldBudget\": 99")
        #expect(decode(bad).failureDescription == "x.json: bounds.worldBudget: must be between 0 and 12, got 99")
    }

    @Test("a missing key and a wrong type each name the key")
    func missingAndType() {
        #expect(decode(valid.replacingOccurrences(of: "\"hosts\": 1,", with: "")).failureDescription
            == "x.json: hosts: missing")
        #expect(decode(valid.replacingOccurrences(of: "\"hosts\": 1", with: "\"hosts\": \"one\"")).failureDescription
            == "x.json: hosts: expected an integer")
    }

    @Test("a session's title is an optional string, not written when absent; another type is one line")
    func title() throws {
        let given = valid.replacingOccurrences(of: "[{\"host\": 0}]", with: "[{\"host\": 0, \"title\": \"  Fix it \"}]")
        #expect(try decode(given).get().sessions == [.init(host: 0, title: "  Fix it ")])
        let bad = valid.replacingOccurrences(of: "[{\"host\": 0}]", with: "[{\"host\": 0, \"title\": 7}]")
        #expect(decode(bad).failureDescription == "x.json: sessions[0].title: expected a string")
        let written = String(decoding: try JSONEncoder().encode(try decode(valid).get().sessions), as: UTF8.self)
        #expect(!written.contains("title"))
    }

    @Test("a session's entered is 0 to 3, optional, and not written when absent")
    func entered() throws {
        let given = valid.replacingOccurrences(of: "[{\"host\": 0}]", with: "[{\"host\": 0, \"initial\": \"working\", \"entered\": 2}]")
        #expect(try decode(given).get().sessions == [.init(host: 0, initial: .working, entered: 2)])
        let bad = valid.replacingOccurrences(of: "[{\"host\": 0}]", with: "[{\"host\": 0, \"entered\": 4}]")
        #expect(decode(bad).failureDescription == "x.json: sessions[0].entered: must be between 0 and 3, got 4")
        let written = String(decoding: try JSONEncoder().encode(try decode(valid).get().sessions), as: UTF8.self)
        #expect(!written.contains("entered"))
    }

    @Test("an unknown guard is refused")
    func unknownGuard() {
        let bad = valid.replacingOccurrences(of: "\"hosts\": 1", with: "\"hosts\": 1, \"guards\": {\"dedup\": false}")
        #expect(decode(bad).failureDescription == "x.json: guards.dedup: unknown guard 'dedup'")
    }

    @Test("issue 50's variants: read when set, refused with their place when malformed")
    func issue50Variants() throws {
        func with(_ variants: String) -> String {
            valid.replacingOccurrences(of: "\"hosts\": 1", with: "\"hosts\": 1, \"variants\": {\(variants)}")
        }
        let set = try decode(with(#""countTrust": "liveFetchOfEveryUpHost", "olderPushToStartHonoured": true"#)).get()
        #expect(set.variants.countTrust == .liveFetchOfEveryUpHost && set.variants.olderPushToStartHonoured)
        let spec = try decode(with(#""countTrust": "noHostKnownDown""#)).get()
        #expect(spec.variants == .documented)
        #expect(decode(with(#""countTrust": "everyUpHost""#)).failureDescription
            == "x.json: variants.countTrust: \"everyUpHost\" is not one of: noHostKnownDown, liveFetchOfEveryUpHost")
        #expect(decode(with(#""olderPushToStartHonoured": "yes""#)).failureDescription
            == "x.json: variants.olderPushToStartHonoured: expected true or false")
    }

    @Test("text that is not JSON is one line")
    func notJSON() {
        #expect(decode("{").failureDescription == "x.json: not valid JSON")
    }

    @Test("every committed configuration decodes")
    func committed() throws {
        for name in ["fleet-card", "fleet-card-broadcast", "fleet-card-device-id", "fleet-card-nightly", "fleet-card-one-phone",
                     "fleet-card-working-phone", "fleet-card-faults", "fleet-card-dev-builds", "fleet-card-restarts",
                     "fleet-card-other-writer", "fleet-card-hidden-dir", "fleet-card-four-sessions",
                     "fleet-card-stale-cache", "fleet-card-counting-seam", "fleet-card-title-seam", "fleet-card-scratch-port",
                     "fleet-card-recreated-card"] {
            let path = Repository.root + "/Models/\(name).json"
            #expect((try? FleetConfig.load(path: path)) != nil, "\(name)")
        }
    }
}

extension Result where Failure == FleetConfigError {
    var failureDescription: String? {
        if case .failure(let e) = self { return e.description }
        return nil
    }
}
