import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// What a nightly leans on besides its searches: done markers that know their configuration,
/// outputs written whole (and said when they are not), temporary files cleaned.
@Suite("CIReliability")
struct CIReliabilityTests {
    /// A scratch models folder with `die-hard` in it (so a test may edit it), and a profile.
    static func models(_ scratch: Scratch) throws -> (models: String, profiles: String) {
        let models = scratch.path + "/models"
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: models + "/die-hard.json") {
            try FileManager.default.copyItem(atPath: "Models/die-hard.json", toPath: models + "/die-hard.json")
        }
        return (models, CIInputCorpusTests.tinyProfile(scratch))
    }

    func nightly(_ scratch: Scratch, _ extra: [String]) throws -> (code: Int32, console: CapturedConsole, report: CIReport?) {
        let (models, profiles) = try Self.models(scratch)
        let out = scratch.path + "/out"
        // Each run's report on its own: a run refused early must not show an earlier one's.
        try? FileManager.default.removeItem(atPath: out + "/report.json")
        let c = CapturedConsole()
        let code = CardcheckCommand.run(
            ["nightly", "--profiles", profiles, "--models", models, "--out", out, "--threads", "1",
             "--baseline", ProfileCommandTests.baseline(scratch, [("die-hard", "big is not the target")])] + extra,
            console: c.console)
        return (code, c, try? CIReport.load(path: out + "/report.json"))
    }

    /// Plants a done marker for the die-hard check with `identity` and 12345 states.
    static func plantDone(_ folder: String, identity: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let job = JobReport(
            kind: .check, configuration: "die-hard", model: "die-hard", exhaustive: true, stopReason: "frontier emptied",
            distinctStates: 12345, transitions: 1, depthReached: 1, properties: [])
        try CIJobs.DoneMarker(identity: identity, job: job).checksummedBytes()
            .write(to: URL(fileURLWithPath: folder + "/check-die-hard.done.json"))
    }

    @Test("a done marker edited since it was written (a violated property made to hold, a count changed) is refused whole, exit 2, before anything runs")
    func doneMarkerEdited() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/ckpt"
        // A real run's marker: die-hard's check, its one property violated.
        let first = try nightly(scratch, ["--checkpoint", folder, "--seed", "0", "--time-limit", "1000"])
        #expect(first.code == 0)
        let path = folder + "/check-die-hard.done.json"
        // The shard finished, so it removed its markers: plant one as a killed run leaves it.
        let (models, profiles) = try Self.models(scratch)
        let unit = try #require(CIPlan(profile: "nightly", CIProfiles.load(path: profiles).nightly, shards: 1, guards: { _ in [] }).units.first)
        let job = try #require(first.report?.jobs.first)
        try CIJobs.DoneMarker(identity: CIJobs.identity(unit, models: models, seed: 0), job: job).checksummedBytes()
            .write(to: URL(fileURLWithPath: path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"verdict\":\"violated\""))
        for edited in [text.replacingOccurrences(of: "\"verdict\":\"violated\"", with: "\"verdict\":\"holds\""),
                       text.replacingOccurrences(of: "\"distinctStates\":16", with: "\"distinctStates\":17"),
                       text.replacingOccurrences(of: "{\"checksum\":", with: "{\"x\":1,\"checksum\":")] {
            #expect(edited != text)
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            let run = try nightly(scratch, ["--checkpoint", folder, "--seed", "0"])
            #expect(run.code == ExitCode.badInput)
            #expect(run.console.err.count == 1 && run.console.err.last?.hasPrefix("cardcheck: \(path): a damaged done marker (") == true, "\(run.console.err)")
            #expect(run.console.err.last?.hasSuffix("); remove it to run the unit again") == true)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
        }
    }

    @Test("a done marker is kept only for the configuration it was computed from: edited since, the unit runs again")
    func doneMarkerIdentity() throws {
        let scratch = Scratch()
        let (models, profiles) = try Self.models(scratch)
        let folder = scratch.path + "/ckpt"
        let unit = try #require(CIPlan(profile: "nightly", CIProfiles.load(path: profiles).nightly, shards: 1, guards: { _ in [] }).units.first)
        // Same unit, same configuration bytes: kept.
        try Self.plantDone(folder, identity: CIJobs.identity(unit, models: models, seed: 0))
        let kept = try nightly(scratch, ["--checkpoint", folder, "--seed", "0"])
        #expect(kept.report?.jobs.map(\.distinctStates) == [12345])
        #expect(kept.console.err.contains("[1/1] check die-hard: finished before, kept"))
        // The configuration edited after the marker was written: run again, the real count.
        try Self.plantDone(folder, identity: CIJobs.identity(unit, models: models, seed: 0))
        let text = try String(contentsOfFile: models + "/die-hard.json", encoding: .utf8)
        try text.replacingOccurrences(of: "\"target\": 4", with: "\"target\": 3")
            .write(toFile: models + "/die-hard.json", atomically: true, encoding: .utf8)
        let rerun = try nightly(scratch, ["--checkpoint", folder, "--seed", "0"])
        #expect([0, 1].contains(rerun.code))
        #expect(rerun.report?.jobs.map(\.distinctStates) == [16])
        #expect(!rerun.console.err.contains { $0.contains("finished before") })
    }

    @Test("a checkpoint that cannot be written ends the nightly with its report and exit 4, the line naming the file")
    func checkpointUnwritable() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/ckpt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/check-die-hard.checkpoint"
        try FileManager.default.createDirectory(atPath: AtomicFile.temporary(for: path), withIntermediateDirectories: false)
        let run = try nightly(scratch, ["--checkpoint", folder, "--checkpoint-interval", "0"])
        #expect(run.code == ExitCode.outputFailed)
        #expect(run.report?.jobs.map(\.distinctStates) == [16])
        #expect(run.console.err.last == "cardcheck: \(path): cannot write the checkpoint")
    }

    @Test("report.json, junit.xml and summary.md are written as one: one that cannot be, none is (exit 4)")
    func threeFilesAsOne() throws {
        let scratch = Scratch()
        let out = scratch.path + "/out"
        // junit.xml's temporary file's place taken by a folder: its write fails, after the search.
        try FileManager.default.createDirectory(atPath: AtomicFile.temporary(for: out + "/junit.xml"), withIntermediateDirectories: true)
        let run = try nightly(scratch, [])
        #expect(run.code == ExitCode.outputFailed)
        #expect(run.console.err.last == "cardcheck: \(out)/junit.xml: cannot write (disk full or folder not writable)")
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.md"))
        let left = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".cardcheck-partial") }
        #expect(left == [".junit.xml.cardcheck-partial"])  // the folder planted, and none of the four
    }

    @Test("a temporary file a killed run left in the output folder is gone when a run finishes")
    func sweepsLeftovers() throws {
        let scratch = Scratch()
        let out = scratch.path + "/out"
        try FileManager.default.createDirectory(atPath: out + "/counterexamples/die-hard", withIntermediateDirectories: true)
        let leftovers = [out + "/.report.json.cardcheck-partial", out + "/counterexamples/die-hard/.x.md.cardcheck-partial"]
        for path in leftovers { FileManager.default.createFile(atPath: path, contents: Data("half".utf8)) }
        let run = try nightly(scratch, [])
        #expect(run.code == 0)
        #expect(leftovers.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: out + "/report.json"))
    }

    @Test("a story that cannot be written after the search is exit 4 (an output not written), not bad input")
    func storyUnwritable() throws {
        let scratch = Scratch()
        let save = scratch.path + "/save"
        // The trace's own file name taken by a folder: the write fails after the search.
        try FileManager.default.createDirectory(atPath: save + "/big-is-not-the-target.json", withIntermediateDirectories: true)
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--save", save) == ExitCode.outputFailed)
        #expect(c.out.first?.hasPrefix("die-hard: 16 distinct states") == true)
        #expect(c.err == ["cardcheck: \(save)/big-is-not-the-target.json: a directory, not a regular file: an output is never written over one"])
    }

    @Test("the nightly says its seed in both forms, and --seed takes the report's hexadecimal form: the same simulations")
    func seedForms() throws {
        let scratch = Scratch()
        let profiles = scratch.file("sim.json", """
            { "format": "cardcheck-ci-profiles", "version": 1, "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [], "mutants": [], "simulate": [ {"configuration": "flag-mutex", "depth": 30, "walks": 20} ] } }
            """)
        func run(_ seed: String) throws -> (JobReport?, [String]) {
            let c = CapturedConsole()
            let out = scratch.path + "/out-\(seed)"
            _ = c.run("nightly", "--profiles", profiles, "--out", out, "--seed", seed, "--baseline", ProfileCommandTests.baseline(scratch, []))
            return (try CIReport.load(path: out + "/report.json").jobs.first, c.err)
        }
        let (decimal, said) = try run("255")
        let (hex, _) = try run("0xff")
        #expect(said.first == "  seed 255 (0xff): --seed 255 runs these simulations again")
        #expect(decimal == hex && decimal?.seed != nil)
        // The job's own seed replays its walks in `cardcheck simulate`, hexadecimal as recorded.
        let c = CapturedConsole()
        #expect([0, 1].contains(c.run("simulate", "Models/flag-mutex.json", "--seed", decimal?.seed ?? "", "--depth", "30", "--walks", "20")))
    }
}
