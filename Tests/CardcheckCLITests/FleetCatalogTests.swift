import CIRun
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
        #expect(c.run("mutants", "Models/fleet-card-stale-cache.json", "--only", "creationGatedOnTrust", "--depth", "8",
                      "--also", "duplicate-start:raced-adoption", "--save", scratch.path + "/s") == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/s/fleet-card-stale-cache").sorted()
        #expect(files == ["duplicate-start.raced-adoption-creationGatedOnTrust-off.json", "zombie-card.unaddressable-creationGatedOnTrust-off.json"])
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

    /// Issue 47: canonicalPortOnly was killed only in the nightly-wide world, by a capped search,
    /// as a restart-loop; the scratch-port world kills it exhaustively as the spec's "two cards".
    @Test("canonicalPortOnly's kill in the scratch-port world is the spec's two cards (duplicate-card:second-writer), exhaustive, no override")
    func canonicalPortTwoCards() {
        let c = CapturedConsole()
        #expect(c.run("mutants", "Models/fleet-card-scratch-port.json", "--only", "canonicalPortOnly") == 0)
        let row = c.out.first { $0.hasPrefix("| canonicalPortOnly |") } ?? ""
        #expect(row.hasPrefix("| canonicalPortOnly | duplicate-card | duplicate-card: shown | duplicate-card:second-writer |"))
        #expect(row.hasSuffix("| default |"))  // no override, and no "(not exhaustive)"
        #expect(c.out.last == "every guard killed")
    }

    /// The PR guard table (Models/ci.json) reaches the worlds that kill maxRows and
    /// canonicalPortOnly with no override on the way: no world before them, nor they, overrides
    /// either guard (the runs themselves: `oneGuard`, `canonicalPortTwoCards`).
    @Test("the PR mutant worlds kill maxRows and canonicalPortOnly without an override")
    func prWorldsNeedNoOverride() throws {
        let profiles = try CIProfiles.load(path: CIProfiles.defaultPath)
        let pr = try #require(profiles.pr.mutants.first)
        let worlds = [pr.configuration] + pr.worlds
        for (guardName, killer) in [("maxRows", "fleet-card-four-sessions"), ("canonicalPortOnly", "fleet-card-scratch-port")] {
            let upTo = try #require(worlds.firstIndex(of: killer), "\(killer) is not a PR mutant world")
            for world in worlds[...upTo] {
                let data = try Data(contentsOf: URL(fileURLWithPath: "Models/\(world).json"))
                let config = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
                let overrides = config["mutantOverrides"] as? [String: Any] ?? [:]
                #expect(overrides[guardName] == nil, "\(world) overrides \(guardName)")
            }
        }
    }
}
