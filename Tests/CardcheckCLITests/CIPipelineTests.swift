import CIRun
import Foundation
import Testing
@testable import CardcheckCLI

/// The nightly as a CI engine runs it, on small configurations: plan, every shard as its own
/// process, merge; and a shard killed mid-search and started again.
@Suite(.serialized) struct CIPipelineTests {
    /// The `cardcheck` executable `swift test` built beside the test bundle.
    static var executable: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cardcheck").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : ".build/debug/cardcheck"
    }

    /// Runs `cardcheck arguments` as a process; returns its exit code and standard output.
    @discardableResult
    static func cardcheck(_ arguments: [String]) throws -> (code: Int32, out: String) {
        try ChildProcess.run(executable, arguments)
    }

    /// Small profiles: two configurations split in parts, one whole, one simulation; 3 shards.
    static func profiles(_ scratch: Scratch) -> String {
        scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [ {"configuration": "die-hard"} ], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "two-phase-commit", "parts": 3, "splitLevel": 3, "weight": 6},
                                      {"configuration": "flag-mutex", "parts": 2, "splitLevel": 2, "weight": 2},
                                      {"configuration": "die-hard"} ],
                           "mutants": [], "simulate": [ {"configuration": "flag-mutex", "depth": 60, "walks": 200} ], "shards": 3 } }
            """)
    }

    /// Per job, per property: the verdict (what sharding must keep exact).
    static func verdicts(_ report: CIReport) -> [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: report.jobs.map { job in
            (job.id, Dictionary(uniqueKeysWithValues: job.properties.map { ($0.name, $0.verdict.rawValue) }))
        })
    }

    @Test("plan → every shard as its own process → merge gives the unsharded run's verdicts")
    func planShardsMerge() throws {
        let scratch = Scratch()
        let profiles = Self.profiles(scratch)
        let whole = try Self.cardcheck(["nightly", "--profiles", profiles, "--shard", "1/1", "--seed", "9", "--out", scratch.path + "/whole"])
        #expect(whole.code == 0)
        let matrix = try Self.cardcheck(["plan", "--profiles", profiles, "--format", "matrix"])
        #expect(matrix.out == #"{"shard":["1/3","2/3","3/3"]}"# + "\n")
        var reports: [String] = []
        for i in 1...3 {
            let out = scratch.path + "/shard-\(i)"
            let shard = try Self.cardcheck(["nightly", "--profiles", profiles, "--shard", "\(i)/3", "--seed", "9", "--out", out])
            #expect(shard.code == 0)
            reports.append(out + "/report.json")
        }
        let merged = try Self.cardcheck(["merge"] + reports + ["--out", scratch.path + "/merged"])
        #expect(merged.code == 0)
        let sharded = try CIReport.load(path: scratch.path + "/merged/report.json")
        let unsharded = try CIReport.load(path: scratch.path + "/whole/report.json")
        #expect(Self.verdicts(sharded) == Self.verdicts(unsharded))
        #expect(sharded.baseline == unsharded.baseline)
        #expect(sharded.jobs.map(\.exhaustive) == unsharded.jobs.map(\.exhaustive))
        #expect(sharded.jobs.first { $0.configuration == "two-phase-commit" }?.partsDone == [1, 2, 3])
        #expect(sharded.shards == ["1/3", "2/3", "3/3"] && sharded.missingShards.isEmpty)
        // The split really split: each part alone saw fewer states than the whole search.
        let part = try CIReport.load(path: scratch.path + "/shard-1/report.json").jobs
        let whole2pc = unsharded.jobs.first { $0.configuration == "two-phase-commit" }?.distinctStates ?? 0
        #expect(part.filter { $0.configuration == "two-phase-commit" }.allSatisfy { $0.distinctStates < whole2pc })
        // Any order of the inputs, the same bytes.
        let again = try Self.cardcheck(["merge"] + reports.reversed() + ["--out", scratch.path + "/merged-again"])
        #expect(again.code == 0)
        #expect(FileManager.default.contents(atPath: scratch.path + "/merged-again/report.json")
            == FileManager.default.contents(atPath: scratch.path + "/merged/report.json"))
    }

    @Test("a shard killed mid-search and started again writes the uninterrupted shard's report")
    func killedShardResumes() throws {
        let scratch = Scratch()
        _ = scratch.file("tpc.json", #"{"model": "two-phase-commit", "resourceManagers": 6}"#)
        _ = scratch.file("small.json", #"{"model": "two-phase-commit", "resourceManagers": 3}"#)
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "small"}, {"configuration": "tpc"} ], "mutants": [], "simulate": [] } }
            """)
        let common = ["nightly", "--profiles", profiles, "--models", scratch.path, "--baseline", scratch.file("b.json",
            #"{"format": "cardcheck-accepted-findings", "version": 1, "findings": []}"#), "--threads", "1"]
        #expect(try Self.cardcheck(common + ["--out", scratch.path + "/whole"]).code == 0)

        let checkpoints = scratch.path + "/checkpoints"
        let killedOut = scratch.path + "/killed"
        let args = common + ["--out", killedOut, "--checkpoint", checkpoints, "--checkpoint-interval", "0"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = args
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let file = checkpoints + "/check-tpc.checkpoint"
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: file) && process.isRunning && Date() < deadline { usleep(2_000) }
        #expect(process.isRunning, "the run ended before its first checkpoint could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: killedOut + "/report.json"))
        #expect(FileManager.default.fileExists(atPath: file))

        let resumed = Process()
        resumed.executableURL = URL(fileURLWithPath: Self.executable)
        resumed.arguments = args
        let err = Pipe()
        resumed.standardOutput = FileHandle.nullDevice
        resumed.standardError = err
        try resumed.run()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        resumed.waitUntilExit()
        #expect(resumed.terminationStatus == 0)
        #expect(errText.contains("resuming from \(file)"))
        #expect(errText.contains("[1/2] check small: finished before, kept"))
        // Byte for byte but for the measured CPU times.
        #expect(try CIReport.load(path: killedOut + "/report.json").deterministic.encoded()
            == CIReport.load(path: scratch.path + "/whole/report.json").deterministic.encoded())
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try FileManager.default.contentsOfDirectory(atPath: checkpoints).isEmpty)
    }
}
