@testable import CIRun
import Foundation
import Testing
@testable import CardcheckCLI

/// What `pr`, `nightly` and `merge` write for a CI engine, from real runs of the executable:
/// story links under --story-base, the baseline actually used, annotations, JUnit bodies, the
/// walks of a simulation, CPU timings outside the deterministic report.
@Suite(.serialized) struct CIOutputsTests {
    static func profiles(_ scratch: Scratch) -> String {
        scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [ {"configuration": "flag-mutex"} ], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "die-hard"} ], "mutants": [],
                           "simulate": [ {"configuration": "flag-mutex", "depth": 60, "walks": 50} ], "shards": 2 } }
            """)
    }

    static func empty(_ scratch: Scratch) -> String {
        scratch.file("other.json", #"{"format": "cardcheck-accepted-findings", "version": 1, "findings": []}"#)
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("pr --baseline other.json --story-base URL: the summary names other.json, links, annotates and the JUnit carries the story")
    func prOutputs() throws {
        let scratch = Scratch()
        let out = scratch.path + "/pr"
        let other = Self.empty(scratch)
        let run = try CIPipelineTests.cardcheck(["pr", "--profiles", Self.profiles(scratch), "--baseline", other,
                                                 "--story-base", "https://ci.example/run/7/", "--out", out])
        #expect(run.code == 1)
        let summary = try Self.read(out + "/summary.md")
        #expect(summary.contains("### New findings (not in `\(other)`)"))
        #expect(!summary.contains("Models/accepted-findings.json"))
        let report = try CIReport.load(path: out + "/report.json")
        let story = try #require(report.baseline.new.first?.story)
        #expect(summary.contains("- `flag-mutex`: **mutual exclusion** — [story](https://ci.example/run/7/\(story))"))
        #expect(FileManager.default.fileExists(atPath: out + "/" + story))
        let annotations = try Self.read(out + "/annotations.txt")
        #expect(annotations.hasPrefix("::error file=Models/flag-mutex.json,line=2,title=cardcheck pr%3A check flag-mutex::"))
        #expect(annotations.contains("%0Amutual exclusion: https://ci.example/run/7/\(story)\n"))
        let junit = try Self.read(out + "/junit.xml")
        let firstLine = try #require(try Self.read(out + "/" + story).split(separator: "\n").first)
        #expect(junit.contains("<failure type=\"new-finding\" message=\"violated in "))
        #expect(junit.contains(">" + CIReport.xml(String(firstLine)) + "\n"))
        #expect(junit.contains("story: https://ci.example/run/7/\(story)</failure>"))
        #expect((report.cpuMilliseconds ?? [:]).keys.sorted() == ["check flag-mutex"])
    }

    @Test("merge outside the checkout with --baseline and --story-base: links relative to where it ran, under the base")
    func mergeElsewhere() throws {
        let scratch = Scratch()
        let profiles = Self.profiles(scratch)
        let other = Self.empty(scratch)
        for i in 1...2 {
            let shard = try CIPipelineTests.cardcheck(["nightly", "--profiles", profiles, "--baseline", other, "--shard", "\(i)/2",
                                                       "--seed", "5", "--out", scratch.path + "/reports/shard-\(i)"])
            #expect(shard.code <= 1)
        }
        let reports = scratch.path + "/reports"
        let merged = try CIPipelineTests.run(["merge", "shard-1/report.json", "shard-2/report.json", "--out", "../merged",
                                              "--baseline", other, "--story-base", "https://ci.example/a#"], in: reports)
        let summary = try Self.read(scratch.path + "/merged/summary.md")
        #expect(merged.code == 1, "\(summary)")
        let report = try CIReport.load(path: scratch.path + "/merged/report.json")
        let story = try #require(report.baseline.new.first { $0.configuration == "flag-mutex" }?.story)
        #expect(story.hasPrefix("shard-"))
        #expect(FileManager.default.fileExists(atPath: reports + "/" + story))
        #expect(summary.contains("[story](https://ci.example/a#\(story))"))
        // The simulation says what it was: a random walk from its seed, not an exhaustive search.
        let walk = try #require(report.jobs.first { $0.kind == .simulate })
        #expect(!walk.exhaustive && walk.walks == 50 && walk.walksAsked == 50)
        #expect(summary.contains("| simulate flag-mutex | fail | — | no: random walk, seed \(walk.seed ?? "?"), 50 of 50 walks |"))
        // Both shards' timings, and a second merge of the same reports gives the same bytes.
        #expect(Set((report.cpuMilliseconds ?? [:]).keys) == ["check die-hard", "simulate flag-mutex"])
        let again = try CIPipelineTests.run(["merge", "shard-2/report.json", "shard-1/report.json", "--out", "../merged-again",
                                             "--baseline", other, "--story-base", "https://ci.example/a#"], in: reports)
        #expect(again.code == 1)
        #expect(FileManager.default.contents(atPath: scratch.path + "/merged/report.json")
            == FileManager.default.contents(atPath: scratch.path + "/merged-again/report.json"))
        // With no --story-base, each link is read from the summary's folder and opens the story.
        let plain = try CIPipelineTests.run(["merge", "shard-1/report.json", "shard-2/report.json", "--out", "../merged-plain",
                                             "--baseline", other], in: reports)
        #expect(plain.code == 1)
        let plainSummary = try Self.read(scratch.path + "/merged-plain/summary.md")
        #expect(plainSummary.contains("[story](../reports/\(story))"), "\(plainSummary)")
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/merged-plain/../reports/" + story))
    }

    @Test("a shard a time limit stops is cut short: named in report.json, a failing shard case in the JUnit, an annotation")
    func cutShort() throws {
        let scratch = Scratch()
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "checkin"} ], "mutants": [], "simulate": [] } }
            """)
        let out = scratch.path + "/out"
        let run = try CIPipelineTests.cardcheck(["nightly", "--profiles", profiles, "--time-limit", "1", "--threads", "1", "--out", out])
        #expect(run.code == 3)
        let report = try CIReport.load(path: out + "/report.json")
        #expect(report.cutShort == [ShardStop(shard: "1/1", reason: "time limit reached")])
        // The unit cut short took more CPU than it shows: it records none, so no plan weighs it by it.
        #expect(report.cpuMilliseconds == nil)
        #expect(!report.passed)
        #expect(try Self.read(out + "/junit.xml").contains(
            "<failure type=\"cut-short\" message=\"shard 1/1 was cut short: time limit reached\"/>"))
        #expect(try Self.read(out + "/annotations.txt").contains("::error title=cardcheck nightly%3A shard 1/1::shard 1/1 was cut short: time limit reached\n"))
    }

    @Test("plan --timings deals by last night's CPU, and the shards given the same file run that plan")
    func planTimings() throws {
        let scratch = Scratch()
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "die-hard", "weight": 50}, {"configuration": "flag-mutex"},
                                      {"configuration": "two-phase-commit"} ], "mutants": [], "simulate": [], "shards": 2 } }
            """)
        var timings = CIReport(profile: "nightly", shards: ["1/1"], jobs: [], baseline: Baseline(entries: []), final: true)
        timings.cpuMilliseconds = ["check die-hard": 10, "check two-phase-commit": 90_000]
        let file = scratch.file("timings.json", String(decoding: timings.encoded(), as: UTF8.self))
        let fixed = try CIPipelineTests.cardcheck(["plan", "--profiles", profiles])
        let timed = try CIPipelineTests.cardcheck(["plan", "--profiles", profiles, "--timings", file])
        #expect(fixed.code == 0 && timed.code == 0)
        let before = try JSONDecoder().decode(CIPlan.self, from: Data(fixed.out.utf8))
        let after = try JSONDecoder().decode(CIPlan.self, from: Data(timed.out.utf8))
        #expect(before.units.map { "\($0.configuration)@\($0.shard)" } == ["die-hard@1", "flag-mutex@2", "two-phase-commit@2"])
        #expect(after.units.map { "\($0.configuration)@\($0.shard)" } == ["die-hard@2", "flag-mutex@2", "two-phase-commit@1"])
        #expect(after.units.map(\.weight) == [1, 1, 90])
        let shard = try CIPipelineTests.cardcheck(["nightly", "--profiles", profiles, "--timings", file, "--shard", "1/2",
                                                   "--out", scratch.path + "/s1"])
        #expect(shard.code == 0)
        #expect(try CIReport.load(path: scratch.path + "/s1/report.json").jobs.map(\.id) == ["check two-phase-commit"])
        // A timings file that is not a report is one line and exit 2.
        let bad = try CIPipelineTests.cardcheck(["plan", "--profiles", profiles, "--timings", profiles])
        #expect(bad.code == 2 && bad.out.isEmpty)
    }
}

extension CIPipelineTests {
    /// Runs `cardcheck arguments` in `directory`; returns its exit code and standard output.
    static func run(_ arguments: [String], in directory: String) throws -> (code: Int32, out: String) {
        try ChildProcess.run(executable, arguments, in: directory)
    }
}
