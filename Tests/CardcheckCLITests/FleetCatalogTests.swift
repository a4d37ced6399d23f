import Foundation
import Testing
@testable import CardcheckCLI

@Suite("FleetCatalog")
struct FleetCatalogTests {
    @Test("check on the default fleet configuration prints the summary with each property's verdict")
    func checkSummary() {
        let c = CapturedConsole()
        _ = c.run("check", "Models/fleet-card.json", "--depth", "2")
        #expect(c.out.first?.hasPrefix("fleet-card: ") == true)
        #expect(c.out.contains { $0.contains("zombie-card:idle-phone") })
    }

    @Test("check --count adds the exact behaviour line; without it there is none")
    func checkCount() {
        let counted = CapturedConsole()
        _ = counted.run("check", "Models/fleet-card.json", "--depth", "3", "--count")
        #expect(counted.out.contains { $0.hasPrefix("behaviours ≤ depth 3: ") })
        let plain = CapturedConsole()
        _ = plain.run("check", "Models/fleet-card.json", "--depth", "3")
        #expect(!plain.out.contains { $0.hasPrefix("behaviours ≤ depth") })
    }

    @Test("a bad flag value is one line and exit code 2")
    func badFlag() {
        let c = CapturedConsole()
        #expect(c.run("check", "Models/fleet-card.json", "--threads", "zero") == 2)
        #expect(c.err == ["cardcheck: --threads must be an integer from 1 to 64, got 'zero'"])
    }

    @Test("mutants refuses an unknown guard name")
    func unknownGuard() {
        let c = CapturedConsole()
        #expect(c.run("mutants", "Models/fleet-card.json", "--only", "dedup") == 2)
        #expect(c.err.first?.hasPrefix("cardcheck: unknown guard 'dedup' (one of: ") == true)
    }

    @Test("mutants --also refuses an unknown property name, and is refused without --write or --save")
    func alsoNeedsKnownPropertyAndOutput() {
        let unknown = CapturedConsole()
        #expect(unknown.run("mutants", "Models/fleet-card.json", "--only", "dedupe", "--also", "zombie", "--save", Scratch().path + "/s") == 2)
        #expect(unknown.err.first?.hasPrefix("cardcheck: unknown property 'zombie' (one of: ") == true)
        #expect(unknown.out.isEmpty)
        let bare = CapturedConsole()
        #expect(bare.run("mutants", "Models/fleet-card.json", "--also", "zombie-card") == 2)
        #expect(bare.err == ["cardcheck: --also is only used with --write or --save"])
    }

    @Test("mutants --also writes the guard-off counterexample of a property every guard on breaks too, beside the kill's")
    func alsoWritesTheStory() throws {
        let c = CapturedConsole()
        let scratch = Scratch()
        #expect(c.run("mutants", "Models/fleet-card-stale-cache.json", "--only", "endGateTrustworthiness", "--depth", "6",
                      "--also", "zombie-card:unaddressable", "--save", scratch.path + "/s") == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/s/fleet-card-stale-cache").sorted()
        #expect(files == ["false-end.app-endGateTrustworthiness-off.json", "zombie-card.unaddressable-endGateTrustworthiness-off.json"])
    }

    @Test("mutants reports a guard whose removal changes nothing within the bounds as NOT KILLED, exit 1")
    func notKilled() throws {
        // Without duplicated rows in the world, seen.has(sid) never decides anything.
        let data = try Data(contentsOf: URL(fileURLWithPath: "Models/fleet-card.json"))
        var config = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(config["mutantOverrides"] == nil)
        var bounds = try #require(config["bounds"] as? [String: Any])
        bounds["depth"] = 8
        config["bounds"] = bounds
        config["devices"] = [["environment": "production"]]
        let scratch = Scratch()
        let path = scratch.file("fleet.json", String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self))
        let c = CapturedConsole()
        #expect(c.run("mutants", path, "--only", "seenSidSkip") == 1)
        #expect(c.out.contains { $0.hasPrefix("| seenSidSkip | **NOT KILLED** |") })
    }

    @Test("mutants with one guard prints its row of the guard table (the four-sessions world, no override); --save writes its trace beside its world's, no story (as check)")
    func oneGuard() throws {
        let c = CapturedConsole()
        let scratch = Scratch()
        #expect(c.run("mutants", "Models/fleet-card-four-sessions.json", "--only", "maxRows", "--save", scratch.path + "/s") == 0)
        #expect(c.out.contains { $0.hasPrefix("| maxRows | row-budget | row-budget: shown | [row-budget](../fleet-card-four-sessions/row-budget-maxRows-off.md) |") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/s") == ["fleet-card-four-sessions"])
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/s/fleet-card-four-sessions")
        #expect(files == ["row-budget-maxRows-off.json"])
        let help = CapturedConsole()
        _ = help.run("mutants", "--help")
        #expect(help.out.contains { $0.hasPrefix("  --save DIR ") })
    }
}
