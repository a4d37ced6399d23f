@testable import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// `check --out DIR`: the check as one job of a nightly report (report.json, JUnit, summary,
/// annotations, stories), judged against the baseline beside the configuration, and folded by
/// `merge` beside a nightly shard's own jobs.
@Suite struct CheckReportTests {
    static let files = ["report.json", "junit.xml", "summary.md", "annotations.txt"]

    @Test("check --out writes one nightly job: the accepted violation judged, its story written, the files listed on stdout")
    func oneJob() throws {
        let scratch = Scratch()
        let out = scratch.path + "/out"
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--out", out) == ExitCode.pass)
        #expect(c.out.last == "wrote \(out)/report.json, junit.xml, summary.md, annotations.txt", "\(c.out)")
        let report = try CIReport.load(path: out + "/report.json")
        #expect(report.profile == "nightly" && report.shards.isEmpty && report.result == "pass")
        let job = try #require(report.jobs.first)
        #expect(report.jobs.count == 1 && job.id == "check die-hard" && job.configuration == "die-hard")
        #expect(job.exhaustive && job.status == .pass && job.distinctStates == 16 && job.transitions == 96 && job.depthReached == 7)
        #expect(job.stopReason == "frontier emptied")
        let violated = try #require(job.violated.first)
        #expect(violated.accepted == true && report.baseline.accepted == 1)
        let story = try #require(violated.story)
        #expect(story.hasPrefix("counterexamples/die-hard/"))
        #expect(FileManager.default.fileExists(atPath: out + "/" + story))
        // The replayable trace beside the story replays.
        let trace = out + "/" + story.dropLast(3) + ".json"
        #expect(CapturedConsole().run("replay", trace) == ExitCode.pass)
        for file in Self.files { #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)") }
        #expect(report.cpuMilliseconds == nil)
    }

    @Test("at another depth the job is named with it, judged at that depth: an accepted finding out of reach is gone")
    func otherBounds() throws {
        let scratch = Scratch()
        let out = scratch.path + "/out"
        let c = CapturedConsole()
        // The jugs' 4 litres take 6 steps: at depth 3 the accepted finding does not appear.
        #expect(c.run("check", "Models/die-hard.json", "--depth", "3", "--out", out) == ExitCode.fail)
        let report = try CIReport.load(path: out + "/report.json")
        let job = try #require(report.jobs.first)
        #expect(job.id == "check die-hard --depth 3" && job.configuration == "die-hard")
        #expect(job.status == .fail && job.detail?.contains("no longer appears") == true, "\(job.detail ?? "")")
        #expect(report.baseline.gone.map(\.configuration) == ["die-hard"] && report.result == "fail")
        #expect(CheckReportRequest.job("x", depth: 4, worldBudget: 3, symmetry: true) == "check x --depth 4 --budget 3 --symmetry")
    }

    @Test("merge folds check --out reports with a nightly shard's: each job once, the same check twice refused")
    func mergedWithTheNightly() throws {
        let scratch = Scratch()
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [ {"configuration": "flag-mutex"} ], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "flag-mutex"} ], "mutants": [], "simulate": [], "shards": 1 } }
            """)
        let nightly = CapturedConsole()
        #expect(nightly.run("nightly", "--profiles", profiles, "--seed", "1", "--out", scratch.path + "/shard-1") == ExitCode.pass)
        #expect(CapturedConsole().run("check", "Models/die-hard.json", "--out", scratch.path + "/hard") == ExitCode.pass)
        #expect(CapturedConsole().run("check", "Models/flag-mutex.json", "--depth", "6", "--out", scratch.path + "/shallow")
                == ExitCode.pass)
        let merged = CapturedConsole()
        let code = merged.run(
            "merge", scratch.path + "/shard-1/report.json", scratch.path + "/hard/report.json",
            scratch.path + "/shallow/report.json", "--out", scratch.path + "/merged")
        #expect(code == ExitCode.pass, "\(merged.out) \(merged.err)")
        let report = try CIReport.load(path: scratch.path + "/merged/report.json")
        #expect(report.jobs.map(\.id) == ["check die-hard", "check flag-mutex", "check flag-mutex --depth 6"])
        #expect(report.shards == ["1/1"] && report.missingShards.isEmpty && report.baseline.accepted == 3)
        // Its story, made relative to where merge ran, is there.
        let story = try #require(report.jobs[0].violated.first?.story)
        #expect(FileManager.default.fileExists(atPath: story), "\(story)")
        // The nightly's own check of flag-mutex, again from check --out: one job twice.
        #expect(CapturedConsole().run("check", "Models/flag-mutex.json", "--out", scratch.path + "/again") == ExitCode.pass)
        // check --out's job is the nightly's own job of the configuration, story and all.
        let ownJob = try CIReport.load(path: scratch.path + "/shard-1/report.json").jobs.first { $0.id == "check flag-mutex" }
        let checkJob = try CIReport.load(path: scratch.path + "/again/report.json").jobs.first
        #expect(ownJob != nil && ownJob == checkJob)
        let ownStory = try #require(ownJob?.violated.first?.story)
        for suffix in [".md", ".json"] {
            let path = String(ownStory.dropLast(3)) + suffix
            #expect(FileManager.default.contents(atPath: scratch.path + "/shard-1/" + path)
                    == FileManager.default.contents(atPath: scratch.path + "/again/" + path), "\(path)")
        }
        let twice = CapturedConsole()
        #expect(twice.run("merge", scratch.path + "/shard-1/report.json", scratch.path + "/again/report.json",
                          "--out", scratch.path + "/twice") == ExitCode.badInput)
        #expect(twice.err.first?.contains("part 1/1 of \"check flag-mutex\" appears in two reports") == true, "\(twice.err)")
    }

    @Test("a bad --out is refused before the search: exit 2, nothing on stdout, no file written",
          arguments: ["-", "", "report-folder"])
    func badOut(_ name: String) throws {
        let scratch = Scratch()
        var out = name
        if name == "report-folder" {
            out = scratch.path + "/out"
            try FileManager.default.createDirectory(atPath: out + "/junit.xml", withIntermediateDirectories: true)
        }
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--out", out) == ExitCode.badInput)
        #expect(c.out.isEmpty, "\(c.out)")
        #expect(c.err.count == 1, "\(c.err)")
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))
    }

    @Test("cardcheck-mpi check --spill with --checkpoint is refused before the search: one line, exit 2, nothing on stdout")
    func distributedSpillWithCheckpointRefused() throws {
        let scratch = Scratch()
        let c = CapturedConsole()
        let code = CardcheckCommand.run(
            ["check", "Models/die-hard.json", "--spill", scratch.path, "--checkpoint", scratch.path + "/cp", "--out", scratch.path + "/out"],
            console: c.console, gate: RankGate(SoloFabric()))
        #expect(code == ExitCode.badInput && c.out.isEmpty)
        #expect(c.err == ["cardcheck: --spill is not used with --checkpoint (a rank's checkpoint holds its visited set, which --spill moves to disk)"],
                "\(c.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/cp"))
    }
}
