import CIRun
import Foundation
import Testing
@testable import CardcheckCLI

/// SIGINT and SIGTERM a few milliseconds after a `cardcheck` process starts stop it with its
/// partial report and 130 / 143: none is lost between exec and the run it should stop. What is
/// checked is that it stops and how, never how fast.
@Suite(.serialized) struct EarlySignalTests {
    struct Ended {
        var exited: Bool
        /// The exit code, or the signal that killed it.
        var code: Int32
        var out: String
    }

    /// Starts `cardcheck arguments` (with SIGINT and SIGTERM blocked from exec when `blocked`,
    /// as a spawner's mask is inherited), sends `sig` after `delay` µs, and waits for its end.
    /// A child not ended after 120 s is killed and reported as such.
    static func run(_ arguments: [String], signal sig: Int32, after delay: UInt32, blocked: Bool) throws -> Ended {
        let scratch = Scratch()
        let outPath = scratch.path + "/stdout"
        let pid = try ChildProcess.spawn(
            [CIPipelineTests.executable] + arguments, stdout: outPath, blockingSignals: blocked)
        usleep(delay)
        kill(pid, sig)
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            usleep(10_000)
            waited += 1
            if waited == 12_000 { kill(pid, SIGKILL) }
        }
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let signalled = status & 0x7f
        return Ended(exited: signalled == 0, code: signalled == 0 ? (status >> 8) & 0xff : signalled, out: out)
    }

    /// A check far too large to finish: only a signal (or the 20 s limit, a failure here) ends it.
    static func bigCheck(_ scratch: Scratch) -> [String] {
        ["check", scratch.file("big.json", #"{"model": "two-phase-commit", "resourceManagers": 12}"#), "--threads", "1",
         "--time-limit", "20"]
    }

    @Test("a signal from exec on (blocked by the spawner) stops check with its partial report: 143 / 130, every delay",
          arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGINT, Int32(130), "SIGINT")])
    func blockedFromExec(_ sig: Int32, _ code: Int32, _ name: String) throws {
        let scratch = Scratch()
        for delay: UInt32 in [0, 2_000, 5_000, 10_000, 50_000] {
            let ended = try Self.run(Self.bigCheck(scratch), signal: sig, after: delay, blocked: true)
            #expect(ended.exited && ended.code == code, "after \(delay) µs: \(ended.exited ? "exit" : "signal") \(ended.code)")
            #expect(ended.out.contains("NOT exhaustive (interrupted (\(name)))"), "after \(delay) µs: \(ended.out.prefix(200))")
        }
    }

    @Test("a signal a few ms after a plain spawn stops check: with its partial report and 143, or (before main runs) by the signal itself")
    func plainSpawn() throws {
        let scratch = Scratch()
        for delay: UInt32 in [2_000, 5_000, 10_000, 20_000, 100_000] {
            let ended = try Self.run(Self.bigCheck(scratch), signal: SIGTERM, after: delay, blocked: false)
            let reported = ended.exited && ended.code == 143 && ended.out.contains("NOT exhaustive (interrupted (SIGTERM))")
            let beforeMain = !ended.exited && ended.code == SIGTERM && ended.out.isEmpty
            #expect(reported || beforeMain, "after \(delay) µs: \(ended.exited ? "exit" : "signal") \(ended.code): \(ended.out.prefix(200))")
        }
    }

    @Test("nightly signalled at once writes its partial report, the jobs not run failing it, and exits 143")
    func nightly() throws {
        let scratch = Scratch()
        _ = scratch.file("big.json", #"{"model": "two-phase-commit", "resourceManagers": 12}"#)
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1, "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "big"}, {"configuration": "big2"} ], "mutants": [], "simulate": [] } }
            """)
        _ = scratch.file("big2.json", #"{"model": "two-phase-commit", "resourceManagers": 11}"#)
        let out = scratch.path + "/out"
        let ended = try Self.run(
            ["nightly", "--profiles", profiles, "--models", scratch.path, "--out", out, "--threads", "1", "--time-limit", "20",
             "--baseline", ProfileCommandTests.baseline(scratch, [])],
            signal: SIGTERM, after: 10_000, blocked: true)
        #expect(ended.exited && ended.code == 143)
        let report = try CIReport.load(path: out + "/report.json")
        #expect(!report.passed)
        #expect(report.jobs.allSatisfy { !$0.exhaustive && $0.stopReason.contains("interrupted (SIGTERM)") })
    }

    @Test("mutants interrupted says its rows were cut short, never NOT KILLED, and exits 130")
    func mutants() throws {
        let ended = try Self.run(["mutants", "Models/fleet-card.json", "--threads", "1"], signal: SIGINT, after: 50_000, blocked: true)
        #expect(ended.exited && ended.code == 130)
        #expect(!ended.out.contains("NOT KILLED"))
        #expect(ended.out.contains("NOT exhaustive (interrupted (SIGINT))"))
    }

    @Test("bench-harness --challenge with a million seeds stops on SIGTERM with the figures so far and 143")
    func benchHarnessChallenge() throws {
        let ended = try Self.run(["bench-harness", "--challenge", "--seeds", "1000000"], signal: SIGTERM, after: 300_000, blocked: true)
        #expect(ended.exited && ended.code == 143)
        #expect(ended.out.contains("stopped: interrupted (SIGTERM); the figures cover the work done before it"))
    }
}

extension EarlySignalTests {
    @Test("SIGTERM while the levels, the visited set and the parent links are on disk: the partial report with its spill line, 143, nothing left in the directory")
    func spilling() throws {
        let scratch = Scratch()
        let directory = scratch.path + "/spill"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Past 16 MB within its first levels: it spills, and is signalled a second later.
        let ended = try Self.run(
            ["check", scratch.file("big.json", #"{"model": "two-phase-commit", "resourceManagers": 12}"#), "--threads", "2",
             "--time-limit", "20", "--spill", directory, "--memory", "16"], signal: SIGTERM,
            after: 1_500_000, blocked: false)
        #expect(ended.exited && ended.code == 143, "\(ended.exited ? "exit" : "signal") \(ended.code)")
        #expect(ended.out.contains("NOT exhaustive (interrupted (SIGTERM))"), "\(ended.out.prefix(300))")
        let line = ended.out.split(separator: "\n").last { $0.hasPrefix("spill: ") } ?? ""
        #expect(line.hasPrefix("spill: from depth ") && !line.contains(" 0 of fingerprints"), "\(line)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
