import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// `cardcheck mutants A.json B.json`: a guard is tried in each world in turn until one kills it.
@Suite struct MutantWorldsTests {
    /// A one-phone fleet world, one world action; `duplicateRows` adds the duplicated session
    /// row the seen-sid skip exists for.
    static func world(_ scratch: Scratch, _ name: String, duplicateRows: Bool) -> String {
        scratch.file(name + ".json", """
            { "model": "fleet-card", "description": "test world \(name)",
              "sessions": [ { "host": 0, "initial": "working" } ], "hosts": 1,
              "devices": [ { "environment": "production" } ],
              "bounds": { "worldBudget": 1, "depth": 60, "maxCardsPerDevice": 3, "maxPushesInFlight": 4, "maxPostsInFlight": 4 },
              "world": { "sessionActivities": ["idle", "working", "needsInput"], "duplicateRows": \(duplicateRows),
                         "noBackgroundLaunch": true } }
            """)
    }

    @Test("a guard no world kills is reported NOT KILLED (exit 1); a second world that kills it ends its row there")
    func secondWorldKills() {
        let scratch = Scratch()
        let plain = Self.world(scratch, "plain", duplicateRows: false)
        let rows = Self.world(scratch, "rows", duplicateRows: true)
        let alone = CapturedConsole()
        #expect(alone.run("mutants", plain, "--only", "seenSidSkip", "--threads", "1") == 1)
        #expect(alone.out.contains { $0.hasPrefix("| seenSidSkip | **NOT KILLED** |") })
        let both = CapturedConsole()
        #expect(both.run("mutants", plain, rows, "--only", "seenSidSkip", "--threads", "1") == 0)
        #expect(both.out.first == "| guard off | world | property class found | the spec's \"Without it\" | property | depth | minimized steps | also broken | bounds |")
        #expect(both.out.contains { $0.hasPrefix("| seenSidSkip | rows | double-counted-session | double-counted-session: shown |") })
        #expect(both.err.contains("  seenSidSkip in plain: NOT KILLED (\(Self.states(both.err, "plain")) states)"))
        // A guard the first world kills never runs in the second.
        let first = CapturedConsole()
        #expect(first.run("mutants", rows, plain, "--only", "seenSidSkip", "--threads", "1") == 0)
        #expect(!first.err.contains { $0.hasPrefix("  seenSidSkip in plain") })
        // --write ROOT puts the row's story beside the world that ran it, and the row links it.
        let written = CapturedConsole()
        #expect(written.run("mutants", plain, rows, "--only", "seenSidSkip", "--threads", "1", "--write", scratch.path + "/out") == 0)
        #expect(written.out.contains { $0.hasPrefix("| seenSidSkip | rows | double-counted-session | double-counted-session: shown | [double-counted-session](../rows/double-counted-session-seenSidSkip-off.md) |") })
        #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out")) == ["rows"])
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/out/rows/double-counted-session-seenSidSkip-off.md"))
        // Same inputs, same output.
        let again = CapturedConsole()
        _ = again.run("mutants", plain, rows, "--only", "seenSidSkip", "--threads", "1")
        #expect(again.out == both.out)
    }

    static func states(_ lines: [String], _ world: String) -> String {
        let line = lines.first { $0.hasPrefix("  seenSidSkip in \(world): ") } ?? ""
        return line.split(separator: "(").last.map { String($0.prefix { $0.isNumber }) } ?? ""
    }

    @Test("worlds of another model, or one world twice, are one line and exit 2, before any search")
    func badWorlds() {
        let scratch = Scratch()
        let plain = Self.world(scratch, "plain", duplicateRows: false)
        let other = CapturedConsole()
        #expect(other.run("mutants", plain, "Models/checkin.json") == 2)
        #expect(other.err == ["cardcheck: Models/checkin.json: a checkin configuration, but \(plain) is fleet-card: the worlds of one guard table must be one model"])
        #expect(other.out.isEmpty)
        let twice = CapturedConsole()
        #expect(twice.run("mutants", plain, plain) == 2)
        #expect(twice.err == ["cardcheck: \(plain): a world of that name is already in the table"])
        let none = CapturedConsole()
        #expect(none.run("mutants") == 2)
    }

    @Test("ci.json: worlds are read in order; a repeated, non-string or self-naming world is one line")
    func profileWorlds() throws {
        let scratch = Scratch()
        func profiles(_ worlds: String) -> String {
            scratch.file("ci-\(UUID().uuidString).json", """
                { "format": "cardcheck-ci-profiles", "version": 1,
                  "pr": { "check": [], "mutants": [ { "configuration": "a", "worlds": \(worlds) } ], "simulate": [] },
                  "nightly": { "check": [], "mutants": [], "simulate": [] } }
                """)
        }
        #expect(try CIProfiles.load(path: profiles(#"["b", "c"]"#)).pr.mutants.first?.worlds == ["b", "c"])
        let repeated = profiles(#"["b", "b"]"#)
        #expect(throws: CIError.self) { try CIProfiles.load(path: repeated) }
        #expect((try? CIProfiles.load(path: profiles(#"[1]"#))) == nil)
        #expect((try? CIProfiles.load(path: profiles(#"["a"]"#))) == nil)
        do {
            _ = try CIProfiles.load(path: repeated)
        } catch let error as CIError {
            #expect(error.description.contains("worlds[1] repeats \"b\""))
        }
    }

    @Test("pr: a mutant unit with worlds passes when a later world kills the guard, and names that world")
    func prAcrossWorlds() throws {
        let scratch = Scratch()
        _ = Self.world(scratch, "plain", duplicateRows: false)
        _ = Self.world(scratch, "rows", duplicateRows: true)
        let ci = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [ { "configuration": "plain", "worlds": ["rows"] } ], "simulate": [] },
              "nightly": { "check": [], "mutants": [], "simulate": [] } }
            """)
        let baseline = scratch.file("baseline.json", #"{"format": "cardcheck-accepted-findings", "version": 1, "findings": []}"#)
        let plan = try CIPlan(profile: "pr", CIProfiles.load(path: ci).pr, shards: 1, guards: { _ in ["seenSidSkip"] })
        #expect(plan.units.first?.worlds == ["rows"])
        // The whole table would take long in a debug build: run the one unit through the CI path.
        let unit = try #require(plan.units.first)
        let first = try ConfigFile(path: scratch.path + "/plain.json").open()
        let second = try ConfigFile(path: scratch.path + "/rows.json").open()
        let c = CapturedConsole()
        let context = CIUnitContext(
            threads: 1, out: scratch.path + "/out", checkpoint: nil, checkpointInterval: 300, stop: StopSignal(),
            seed: 1, models: scratch.path, console: c.console, stopReason: { nil })
        let job = try CIJobs.mutantAcrossWorlds(unit, worlds: [second], first: first, context)
        #expect(job.id == "mutant plain seenSidSkip" && job.world == "rows")
        #expect(job.violated.map(\.name).contains("double-counted-session"))
        let report = CIReport(profile: "pr", shards: ["1/1"], jobs: [job], baseline: try Baseline.load(path: baseline), final: true)
        #expect(report.passed)
        var single = unit
        single.worlds = nil
        let alone = try CIJobs.mutantAcrossWorlds(single, worlds: [], first: first, context)
        #expect(alone.world == nil && alone.violated.isEmpty)
        let failed = CIReport(profile: "pr", shards: ["1/1"], jobs: [alone], baseline: try Baseline.load(path: baseline), final: true)
        #expect(!failed.passed && failed.jobs.first?.detail == "guard seenSidSkip not killed")
        var lastWorld = alone
        lastWorld.world = "plain"
        let judged = CIReport(profile: "pr", shards: ["1/1"], jobs: [lastWorld], baseline: try Baseline.load(path: baseline), final: true)
        #expect(judged.jobs.first?.detail == "guard seenSidSkip not killed (worlds tried up to plain)")
        #expect(report.junit().contains("killed by zombie-card:server-view, double-counted-session in rows"))
        #expect(report.markdown().contains("| mutant plain seenSidSkip in rows | pass |"))
    }
}
