import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// `mpirun -np N cardcheck-mpi check` prints the single-process `check`'s report, line for
/// line (counts, depth, verdicts, counterexamples), for N = 1 to 4, with every state expanded
/// once; and a signal or a dead rank ends every process with one partial report.
@Suite(.serialized) struct DistributedCheckTests {
    /// The `cardcheck-mpi` executable `swift test` built beside the test bundle.
    static var executable: String {
        URL(fileURLWithPath: CIPipelineTests.executable).deletingLastPathComponent().appendingPathComponent("cardcheck-mpi").path
    }

    /// `mpirun`'s arguments for N ranks on this machine, whatever its cores, as root too
    /// (CI runs as root: Docs/ci.md).
    static func mpirun(_ ranks: Int, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mpirun", "--oversubscribe", "-np", "\(ranks)", executable] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
        process.environment = environment
        return process
    }

    /// Runs the job to its end: exit code and standard output.
    static func distributed(_ ranks: Int, _ arguments: [String]) throws -> (code: Int32, out: [String]) {
        let (code, out) = try ChildProcess.output(of: mpirun(ranks, arguments))
        var lines = out.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (code, lines)
    }

    /// The report without what differs between runs (time, memory, the distributed line, the
    /// directory traces were saved in).
    static func comparable(_ lines: [String], saved: String) -> [String] {
        lines.filter { !$0.hasPrefix("time ") && !$0.hasPrefix("distributed: ") }
            .map { $0.replacingOccurrences(of: saved, with: "DIR") }
    }

    /// Small configurations, with their single-process header lines pinned.
    static let configurations: [(arguments: [String], header: String)] = [
        (["Models/two-phase-commit.json"],
         "two-phase-commit: 288 distinct states, 761 transitions, depth 10, exhaustive (frontier emptied)"),
        (["Models/die-hard.json"], "die-hard: 16 distinct states, 96 transitions, depth 7, exhaustive (frontier emptied)"),
        (["Models/flag-mutex.json"], "flag-mutex: 16 distinct states, 30 transitions, depth 6, exhaustive (frontier emptied)"),
        (["Models/fleet-card-one-phone.json", "--depth", "7"],
         "fleet-card: 749 distinct states, 1,636 transitions, depth 7, NOT exhaustive (depth bound reached)"),
        (["Models/fleet-card.json", "--depth", "5", "--symmetry"],
         "fleet-card: 148 distinct states, 249 transitions, depth 5, NOT exhaustive (depth bound reached)"),
    ]

    /// Every file under `folder`, by path relative to it, sorted.
    static func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &directory) && !directory.boolValue
        }.sorted()
    }

    @Test("for N = 1 to 4 ranks the distributed check prints the single-process report and writes its report files, each state expanded once",
          arguments: configurations.indices)
    func sameReportForEveryRankCount(_ index: Int) throws {
        let (arguments, header) = Self.configurations[index]
        let scratch = Scratch()
        let console = CapturedConsole()
        let single = CardcheckCommand.run(
            ["check"] + arguments + ["--threads", "1", "--save", scratch.path + "/single", "--out", scratch.path + "/single-out"],
            console: console.console)
        #expect(console.out.contains(header), "\(console.out.prefix(3))")
        let traces = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/single").sorted()
        // The report files and the stories under them: the nightly's files for this one job.
        let reportFiles = Self.files(under: scratch.path + "/single-out")
        #expect(reportFiles.contains("report.json") && reportFiles.contains("junit.xml"), "\(reportFiles)")
        for ranks in 1...4 {
            let saved = scratch.path + "/ranks-\(ranks)"
            let run = try Self.distributed(ranks, ["check"] + arguments + ["--save", saved, "--out", saved + "-out"])
            #expect(run.code == single, "\(arguments) on \(ranks) ranks: exit \(run.code), single \(single)")
            #expect(
                Self.comparable(run.out, saved: saved) == Self.comparable(console.out, saved: scratch.path + "/single"),
                "\(arguments) on \(ranks) ranks")
            // The counterexamples themselves, byte for byte.
            #expect(try FileManager.default.contentsOfDirectory(atPath: saved).sorted() == traces)
            for trace in traces {
                #expect(FileManager.default.contents(atPath: saved + "/" + trace)
                        == FileManager.default.contents(atPath: scratch.path + "/single/" + trace), "\(trace) on \(ranks) ranks")
            }
            #expect(Self.files(under: saved + "-out") == reportFiles, "\(arguments) on \(ranks) ranks")
            for file in reportFiles {
                #expect(FileManager.default.contents(atPath: saved + "-out/" + file)
                        == FileManager.default.contents(atPath: scratch.path + "/single-out/" + file), "\(file) on \(ranks) ranks")
            }
            let line = try #require(run.out.first { $0.hasPrefix("distributed: ") }, "\(arguments): no distributed line")
            #expect(line.contains("\(ranks) rank") && line.contains("(work overhead 1.00)"), "\(line)")
        }
    }

    /// A check far too big to finish on 3 ranks; `stop` is called once it runs (given mpirun's
    /// pid); returns mpirun's exit code and what rank 0 printed. Killed after 60 s (a hang).
    /// `started`: whether all three ranks were seen within 60 s (an mpirun that refuses to start,
    /// as it does as root without the variables, ends or hangs without them: never waited on forever).
    /// `report`: where `--out` wrote the job's report.json (read before the scratch folder goes).
    /// `extra`: more options for every rank.
    static func stopped(_ extra: [String] = [], _ stop: (Int32) -> Void) throws -> (code: Int32, out: String, hung: Bool, started: Bool, report: CIReport?) {
        let scratch = Scratch()
        let config = scratch.file("big.json", #"{"model": "two-phase-commit", "resourceManagers": 12}"#)
        let outPath = scratch.path + "/stdout"
        let reportPath = scratch.path + "/out/report.json"
        let pid = try spawn(
            ["mpirun", "--oversubscribe", "-np", "3", executable, "check", config, "--time-limit", "60", "--out", scratch.path + "/out"] + extra,
            stdout: outPath)
        // Running once every rank has started and the search is a level or two in.
        var polls = 0
        var status: Int32 = 0
        while ranks(of: pid).count < 3 && polls < 1_200 && waitpid(pid, &status, WNOHANG) == 0 {
            usleep(50_000)
            polls += 1
        }
        guard polls < 1_200, ranks(of: pid).count == 3 else {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return ((status >> 8) & 0xff, (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "", false, false, nil)
        }
        usleep(1_500_000)
        stop(pid)
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 && waited < 600 {
            usleep(100_000)
            waited += 1
        }
        let hung = waited >= 600
        if hung {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        return ((status >> 8) & 0xff, (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "", hung, true,
                try? CIReport.load(path: reportPath))
    }

    /// Starts `argv` (found on PATH) as the job's launcher, allowed to run as root (Docs/ci.md).
    static func spawn(_ argv: [String], stdout: String) throws -> pid_t {
        try ChildProcess.spawn(argv, stdout: stdout, environment: [
            "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"])
    }

    /// The rank processes mpirun `pid` started, by rank (read from their environment).
    static func ranks(of pid: Int32) -> [Int: Int32] {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        var found: [Int: Int32] = [:]
        for child in children.split(separator: " ").compactMap({ Int32($0) }) {
            guard let environ = FileManager.default.contents(atPath: "/proc/\(child)/environ") else { continue }
            for entry in environ.split(separator: 0) {
                let text = String(decoding: entry, as: UTF8.self)
                if text.hasPrefix("OMPI_COMM_WORLD_RANK="), let rank = Int(text.dropFirst(21)) { found[rank] = child }
            }
        }
        return found
    }

    static func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    @Test("SIGTERM to mpirun ends every rank with one partial report, NOT exhaustive")
    func sigtermEndsWithOnePartialReport() throws {
        let ended = try Self.stopped { kill($0, SIGTERM) }
        try #require(ended.started, "mpirun did not start three ranks within 60 s: \(ended.out)")
        #expect(!ended.hung, "mpirun still running 60 s after SIGTERM")
        #expect(Self.count(ended.out, "distinct states") == 1, "\(ended.out)")
        #expect(ended.out.contains("exhaustive (interrupted (SIGTERM))\n"), "\(ended.out)")
        #expect(Self.count(ended.out, "result: NOT exhaustive") == 1, "\(ended.out)")
        Self.partialReport(ended.report, "interrupted (SIGTERM)", ended.out)
    }

    /// The report file a stopped job wrote: its one job NOT exhaustive, failing, for `reason`,
    /// with the states the printed report gives.
    static func partialReport(_ report: CIReport?, _ reason: String, _ out: String) {
        guard let report, let job = report.jobs.first else {
            Issue.record("no report.json written: \(out)")
            return
        }
        #expect(report.jobs.count == 1 && job.id == "check big" && !job.exhaustive && job.status == .fail && report.result == "fail")
        #expect(job.stopReason.hasPrefix(reason), "\(job.stopReason)")
        #expect(out.contains(": \(job.distinctStates.grouped) distinct states, "), "\(job.distinctStates) \(out)")
    }

    @Test("a rank killed mid-search ends every rank with one partial report, NOT exhaustive")
    func deadRankEndsWithOnePartialReport() throws {
        let ended = try Self.stopped { pid in
            if let victim = Self.ranks(of: pid)[1] { kill(victim, SIGKILL) }
        }
        try #require(ended.started, "mpirun did not start three ranks within 60 s: \(ended.out)")
        #expect(!ended.hung, "mpirun still running 60 s after a rank died")
        #expect(Self.count(ended.out, "distinct states") == 1, "\(ended.out)")
        #expect(ended.out.contains("NOT exhaustive (interrupted (SIGTERM); a rank did not answer after the stop"), "\(ended.out)")
        #expect(Self.count(ended.out, "result: NOT exhaustive") == 1, "\(ended.out)")
        Self.partialReport(ended.report, "interrupted (SIGTERM); a rank did not answer after the stop", ended.out)
    }

    /// Runs `mpirun --oversubscribe` with `apps` (one `-np 1 cardcheck-mpi ARGS` per rank,
    /// joined by ":" so each rank can be given its own arguments), killed after 120 s (exit 124:
    /// a hang). Returns the exit code, standard output and standard error.
    static func job(_ apps: [[String]]) throws -> (code: Int32, out: String, err: String) {
        let scratch = Scratch()
        let outPath = scratch.path + "/out", errPath = scratch.path + "/err"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["timeout", "-s", "KILL", "120", "mpirun", "--oversubscribe"]
        for (i, app) in apps.enumerated() { arguments += (i > 0 ? [":"] : []) + ["-np", "1", executable] + app }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(outPath), read(errPath))
    }

    @Test("cardcheck-mpi with no arguments exits 2 on every rank, with its usage on stderr and nothing on stdout")
    func noArguments() throws {
        let run = try Self.job([[], []])
        #expect(run.code == 2, "exit \(run.code): \(run.err)")
        #expect(run.out.isEmpty, "\(run.out)")
        #expect(run.err.contains("cardcheck-mpi: no subcommand (usage: mpirun -np N cardcheck-mpi check CONFIG.json"), "\(run.err)")
    }

    @Test("a rank refusing its input ends every rank at the start with exit 2, naming the rank and its reason")
    func rankRefusingItsInput() throws {
        let run = try Self.job([["check", "Models/two-phase-commit.json"], ["check", "Models/no-such-configuration.json"]])
        #expect(run.code == 2, "exit \(run.code) (124: the job hung): \(run.err)")
        #expect(run.out.isEmpty, "\(run.out)")
        #expect(run.err.contains("rank 1 refused its input: cardcheck: ") && run.err.contains("no-such-configuration.json"),
                "\(run.err)")
    }

    @Test("ranks given different bounds are refused at the start, exit 2, nothing on stdout",
          arguments: [["--depth", "4"], ["--max-states", "100"], ["--symmetry"]])
    func ranksThatDiffer(_ extra: [String]) throws {
        let run = try Self.job([["check", "Models/two-phase-commit.json"], ["check", "Models/two-phase-commit.json"] + extra])
        #expect(run.code == 2, "exit \(run.code): \(run.err)")
        #expect(run.out.isEmpty, "\(run.out)")
        #expect(run.err.contains("the ranks were given different configurations, bounds or options"), "\(run.err)")
    }

    @Test("--max-states on 2 ranks stops where check stops: the same states, depth and verdicts",
          arguments: [10, 60, 150])
    func stateLimitLikeCheck(_ limit: Int) throws {
        let arguments = ["Models/two-phase-commit.json", "--max-states", "\(limit)"]
        let console = CapturedConsole()
        let single = CardcheckCommand.run(["check"] + arguments + ["--threads", "1"], console: console.console)
        let run = try Self.distributed(2, ["check"] + arguments)
        #expect(single == ExitCode.partial && run.code == single, "exit \(run.code), single \(single)")
        #expect(Self.comparable(run.out, saved: "") == Self.comparable(console.out, saved: ""), "--max-states \(limit)")
    }

    @Test("SIGINT to one rank stops every rank: one report naming SIGINT, and the job exits 130")
    func sigintToOneRank() throws {
        let ended = try Self.stopped { pid in
            if let victim = Self.ranks(of: pid)[1] { kill(victim, SIGINT) }
        }
        try #require(ended.started, "mpirun did not start three ranks within 60 s: \(ended.out)")
        #expect(!ended.hung, "mpirun still running 60 s after SIGINT")
        #expect(ended.code == 130, "exit \(ended.code)")
        #expect(Self.count(ended.out, "distinct states") == 1, "\(ended.out)")
        #expect(ended.out.contains("exhaustive (interrupted (SIGINT))\n"), "\(ended.out)")
        Self.partialReport(ended.report, "interrupted (SIGINT)", ended.out)
    }

    @Test("rank 0 killed mid-search: the lowest rank alive prints the one partial report")
    func deadRankZero() throws {
        let ended = try Self.stopped { pid in
            if let victim = Self.ranks(of: pid)[0] { kill(victim, SIGKILL) }
        }
        try #require(ended.started, "mpirun did not start three ranks within 60 s: \(ended.out)")
        #expect(!ended.hung, "mpirun still running 60 s after rank 0 died")
        #expect(Self.count(ended.out, "distinct states") == 1, "\(ended.out)")
        #expect(Self.count(ended.out, "result: NOT exhaustive") == 1, "\(ended.out)")
        // The rank that spoke for rank 0 wrote the report files too.
        Self.partialReport(ended.report, "interrupted (SIGTERM); a rank did not answer after the stop", ended.out)
    }
}
