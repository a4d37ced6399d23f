import Foundation
import Testing
@testable import CardcheckCLI

/// `cardcheck-mpi check --checkpoint DIR`: a job killed (or stopped) and started again with the
/// same command resumes from the last level every rank wrote, with the report an uninterrupted
/// run prints; a damaged checkpoint, or one of another number of ranks, is one line, exit 2.
@Suite(.serialized) struct DistributedCheckpointTests {
    /// `mpirun` with `apps` as `DistributedCheckTests.job` runs it: exit code, stdout, stderr.
    static func job(_ ranks: Int, _ arguments: [String]) throws -> (code: Int32, out: [String], err: String) {
        let run = try DistributedCheckTests.job(Array(repeating: arguments, count: ranks))
        var lines = run.out.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (run.code, lines, run.err)
    }

    /// The single process's report of `arguments` (and its exit code), `--save`d under `saved`.
    static func single(_ arguments: [String], saved: String) -> (code: Int32, out: [String]) {
        let console = CapturedConsole()
        let code = CardcheckCommand.run(["check"] + arguments + ["--threads", "1", "--save", saved], console: console.console)
        return (code, console.out)
    }

    @Test("stopped at a state limit, then run again: resumed from the last level, the single process's report and counterexamples",
          arguments: [2, 3])
    func resumedAfterAStop(_ ranks: Int) throws {
        let scratch = Scratch()
        let arguments = ["Models/fleet-card-one-phone.json", "--depth", "7"]
        let checkpoint = ["--checkpoint", scratch.path + "/ck", "--checkpoint-interval", "0"]
        let single = Self.single(arguments, saved: scratch.path + "/single")
        let stopped = try Self.job(ranks, ["check"] + arguments + checkpoint + ["--max-states", "300"])
        #expect(stopped.code == ExitCode.partial, "\(stopped.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/ck").sorted()
        #expect(written.count == ranks && written.allSatisfy { $0.hasPrefix("fleet-card-one-phone.rank-") }, "\(written)")
        // What a kill mid-write leaves (`AtomicFile`'s temporary file): swept by its rank.
        let leftover = scratch.file("ck/." + written[0] + ".tmp-leftover", "half a checkpoint")
        let resumed = try Self.job(ranks, ["check"] + arguments + checkpoint + ["--save", scratch.path + "/resumed"])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(resumed.err.contains("resumed from level "), "\(resumed.err)")
        #expect(resumed.code == single.code, "\(resumed.err)")
        #expect(DistributedCheckTests.comparable(resumed.out, saved: scratch.path + "/resumed")
                == DistributedCheckTests.comparable(single.out, saved: scratch.path + "/single"))
        let traces = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/single").sorted()
        let resumedTraces = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/resumed").sorted()
        #expect(!traces.isEmpty && resumedTraces == traces)
        for trace in traces {
            #expect(FileManager.default.contents(atPath: scratch.path + "/resumed/" + trace)
                    == FileManager.default.contents(atPath: scratch.path + "/single/" + trace), "\(trace)")
        }
        // Covered: the checkpoints are gone, and a third run starts afresh.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/ck")
        #expect(left.isEmpty, "\(left)")
    }

    @Test("every rank killed mid-search, then the same command: resumed, with the uninterrupted report")
    func resumedAfterAKill() throws {
        let scratch = Scratch()
        let config = scratch.file("tpc.json", #"{"model": "two-phase-commit", "resourceManagers": 6}"#)
        let arguments = [config, "--checkpoint", scratch.path + "/ck", "--checkpoint-interval", "0"]
        let pid = try DistributedCheckTests.spawn(
            ["mpirun", "--oversubscribe", "-np", "2", DistributedCheckTests.executable, "check"] + arguments,
            stdout: scratch.path + "/killed")
        // Killed once both ranks have written a level past the middle of the search (depth 19).
        var polls = 0
        var status: Int32 = 0
        func written() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/ck")) ?? [] }
        // The ranks holding a checkpoint of a level from 10 to 19.
        func late() -> Set<Substring> {
            Set(written().filter { $0.contains(".level-1") && !$0.contains(".level-1.") }.compactMap { $0.split(separator: ".").dropFirst().first })
        }
        while polls < 1_200 && waitpid(pid, &status, WNOHANG) == 0 && late().count < 2 {
            usleep(20_000)
            polls += 1
        }
        let ranks = DistributedCheckTests.ranks(of: pid)
        for (_, rank) in ranks { kill(rank, SIGKILL) }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        let out = (try? String(contentsOfFile: scratch.path + "/killed", encoding: .utf8)) ?? ""
        try #require(ranks.count == 2 && !out.contains("distinct states"), "the job was not killed mid-search: \(out) \(written())")
        let resumed = try Self.job(2, ["check"] + arguments)
        #expect(resumed.err.contains("resumed from level 1"), "\(resumed.err)")
        let single = Self.single([config], saved: scratch.path + "/single")
        #expect(resumed.code == single.code && single.code == ExitCode.pass, "\(resumed.err)")
        #expect(DistributedCheckTests.comparable(resumed.out, saved: "") == DistributedCheckTests.comparable(single.out, saved: ""))
        #expect(single.out.first == "two-phase-commit: 50,816 distinct states, 256,001 transitions, depth 19, exhaustive (frontier emptied)")
    }

    /// Checkpoints of two-phase commit on 2 ranks at every level, the run stopped early.
    static func checkpoints(_ scratch: Scratch) throws -> [String] {
        let stopped = try Self.job(2, ["check", "Models/two-phase-commit.json", "--checkpoint", scratch.path + "/ck",
                                       "--checkpoint-interval", "0", "--max-states", "100"])
        #expect(stopped.code == ExitCode.partial)
        return try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/ck").sorted().map { scratch.path + "/ck/" + $0 }
    }

    @Test("a damaged checkpoint on one rank: every rank refuses at the start, one line naming the file, exit 2, nothing on stdout")
    func damagedCheckpoint() throws {
        let scratch = Scratch()
        let files = try Self.checkpoints(scratch)
        let victim = try #require(files.first { $0.contains(".rank-1-of-2.") })
        var bytes = try #require(FileManager.default.contents(atPath: victim))
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: victim))
        let run = try Self.job(2, ["check", "Models/two-phase-commit.json", "--checkpoint", scratch.path + "/ck"])
        #expect(run.code == ExitCode.badInput && run.out.isEmpty, "\(run.out)")
        let lines = run.err.split(separator: "\n").filter { $0.hasPrefix("cardcheck") }
        #expect(lines == ["cardcheck: rank 1 refused its input: cardcheck: \(victim): a damaged checkpoint (checksum mismatch); remove it to start afresh"],
                "\(run.err)")
        // Left as it was, for the user to look at or remove.
        #expect(FileManager.default.contents(atPath: victim) == bytes)
    }

    @Test("checkpoints of 2 ranks given to a job of 3: refused at the start, exit 2")
    func otherRankCount() throws {
        let scratch = Scratch()
        _ = try Self.checkpoints(scratch)
        let run = try Self.job(3, ["check", "Models/two-phase-commit.json", "--checkpoint", scratch.path + "/ck"])
        #expect(run.code == ExitCode.badInput && run.out.isEmpty)
        #expect(run.err.contains("a checkpoint of a job of 2 ranks, this one has 3; remove it to start afresh"), "\(run.err)")
    }

    @Test("ranks given different checkpoint folders are refused at the start, exit 2, nothing on stdout")
    func ranksWithOtherFolders() throws {
        let scratch = Scratch()
        let run = try DistributedCheckTests.job([
            ["check", "Models/two-phase-commit.json", "--checkpoint", scratch.path + "/a"],
            ["check", "Models/two-phase-commit.json", "--checkpoint", scratch.path + "/b"],
        ])
        #expect(run.code == ExitCode.badInput && run.out.isEmpty, "\(run.out)")
        #expect(run.err.contains("the ranks were given different configurations, bounds or options"), "\(run.err)")
    }

    @Test("--checkpoint is cardcheck-mpi's: cardcheck check refuses it, and --checkpoint-interval alone")
    func singleProcessRefuses() {
        let scratch = Scratch()
        for args in [["--checkpoint", scratch.path], ["--checkpoint-interval", "5"]] {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(["check", "Models/die-hard.json"] + args, console: c.console) == ExitCode.badInput)
            #expect(c.out.isEmpty && c.err.count == 1, "\(c.err)")
        }
    }
}
