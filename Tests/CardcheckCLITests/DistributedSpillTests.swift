import Foundation
import Testing
@testable import CardcheckCLI

/// `mpirun -np N cardcheck-mpi check --spill DIR --memory 16`: every rank past the mark from
/// its first round, its visited keys going to DIR, prints the in-memory single process's
/// report; a signal leaves nothing in DIR; a bad DIR is refused on every rank at the start.
@Suite(.serialized) struct DistributedSpillTests {
    static let configurations: [[String]] = [
        ["Models/two-phase-commit.json"],
        ["Models/fleet-card.json", "--depth", "10"],
    ]

    @Test("for N = 1 to 4 ranks spilling from the first round, the report is the in-memory single process's, the spill line summing the ranks'",
          arguments: configurations.indices)
    func sameReportOnDisk(_ index: Int) throws {
        let arguments = Self.configurations[index]
        let scratch = Scratch()
        let console = CapturedConsole()
        let single = CardcheckCommand.run(["check"] + arguments + ["--threads", "1"], console: console.console)
        let comparable = { (lines: [String]) in
            DistributedCheckTests.comparable(lines, saved: "").filter { !$0.hasPrefix("spill: ") }
        }
        for ranks in 1...4 {
            let run = try DistributedCheckTests.distributed(ranks, ["check"] + arguments + ["--memory", "16", "--spill", scratch.path])
            #expect(run.code == single, "\(arguments) on \(ranks) ranks: exit \(run.code), single \(single)")
            #expect(comparable(run.out) == comparable(console.out), "\(arguments) on \(ranks) ranks")
            // A rank holds more than 16 MB from its start: each spilled at level 0.
            let line = try #require(run.out.first { $0.hasPrefix("spill: ") }, "\(arguments) on \(ranks) ranks: no spill line")
            #expect(line.hasPrefix("spill: from depth 0, ") && line.hasSuffix(" written to \(scratch.path)"), "\(line)")
            #expect(!line.contains(", 0 of fingerprints"), "\(line)")
            // One rank of the fleet holds 6,359 links: its first chunk of 4,096 went to disk and
            // was read back for the depth-10 counterexample's path.
            if ranks == 1 && index == 1 { #expect(!line.contains(" and 0 of parent links"), "\(line)") }
            // The files were unnamed: nothing is left in the directory.
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [], "\(arguments) on \(ranks) ranks")
        }
    }

    @Test("SIGTERM to a spilling job ends every rank with one partial report and leaves nothing in the spill directory")
    func sigtermLeavesNothing() throws {
        let spill = Scratch()
        let ended = try DistributedCheckTests.stopped(["--memory", "16", "--spill", spill.path]) { kill($0, SIGTERM) }
        try #require(ended.started, "mpirun did not start three ranks within 60 s: \(ended.out)")
        #expect(!ended.hung, "mpirun still running 60 s after SIGTERM")
        #expect(DistributedCheckTests.count(ended.out, "distinct states") == 1, "\(ended.out)")
        #expect(ended.out.contains("exhaustive (interrupted (SIGTERM))\n"), "\(ended.out)")
        #expect(ended.out.contains("\nspill: from depth 0, "), "\(ended.out)")
        DistributedCheckTests.partialReport(ended.report, "interrupted (SIGTERM)", ended.out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.path) == [])
    }

    @Test("a --spill directory that is missing is refused at the start on every rank: one line naming it, exit 2, nothing on stdout")
    func badDirectory() throws {
        let scratch = Scratch()
        let missing = scratch.path + "/missing"
        let run = try DistributedCheckTests.job(Array(repeating: ["check", "Models/two-phase-commit.json", "--spill", missing], count: 2))
        #expect(run.code == ExitCode.badInput, "exit \(run.code) (124: the job hung): \(run.err)")
        #expect(run.out.isEmpty, "\(run.out)")
        #expect(DistributedCheckTests.count(run.err, "cardcheck: \(missing): no such directory (--spill)\n") == 1, "\(run.err)")
        // Only rank 1's missing (its machine's disk, say): it names the rank.
        let one = try DistributedCheckTests.job([
            ["check", "Models/two-phase-commit.json", "--spill", scratch.path],
            ["check", "Models/two-phase-commit.json", "--spill", missing],
        ])
        #expect(one.code == ExitCode.badInput, "exit \(one.code): \(one.err)")
        #expect(one.out.isEmpty, "\(one.out)")
        #expect(one.err.contains("rank 1 refused its input: cardcheck: \(missing): no such directory (--spill)"), "\(one.err)")
    }
}
