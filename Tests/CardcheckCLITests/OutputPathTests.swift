import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// Every file a command writes goes through one place (`AtomicFile`, checked before the run by
/// `OutputFile`): a path that is a device, a FIFO, a socket or a directory is refused before
/// anything runs (exit 2) and left as it is; a place no file can be written to is exit 4,
/// before the run where it can be known then. Tried on FIFOs and folders in a scratch folder.
@Suite("OutputPath")
struct OutputPathTests {
    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// die-hard's saved trace (its one violation), in `scratch`.
    static func dieHardTrace(_ scratch: Scratch) throws -> String {
        let c = CapturedConsole()
        _ = c.run("check", "Models/die-hard.json", "--save", scratch.path + "/traces")
        let path = scratch.path + "/traces/big-is-not-the-target.json"
        #expect(FileManager.default.fileExists(atPath: path))
        return path
    }

    @Test("replay --log and bench --record refuse a FIFO (or a directory) before anything runs: exit 2, nothing printed, the FIFO kept")
    func singleFilesRefuseSpecialPaths() throws {
        let scratch = Scratch()
        let fifo = scratch.path + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        let trace = "Counterexamples/fleet-card/zombie-card.two-phones.json"
        for args in [["replay", trace, "--log", fifo], ["replay", trace, "--log", scratch.path],
                     ["bench", "--record", fifo, "--build", "x"], ["bench", "--record", scratch.path, "--build", "x"]] {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(args, console: c.console) == ExitCode.badInput, "\(args)")
            #expect(c.out.isEmpty, "\(args)")
            let path = args[args[0] == "replay" ? 3 : 2]
            let what = path == fifo ? "a FIFO (named pipe)" : "a directory"
            #expect(c.err == ["cardcheck: \(path): \(what), not a regular file: an output is never written over one"], "\(args)")
        }
        #expect(Self.isFIFO(fifo))
    }

    @Test("a log or reference that cannot be written is exit 4 before the run; '' and '-' are bad input (exit 2); nothing printed")
    func unwritableBeforeTheRun() throws {
        let scratch = Scratch()
        let trace = "Counterexamples/fleet-card/zombie-card.two-phones.json"
        let nowhere = scratch.path + "/no-such-folder/x"
        let cases: [([String], Int32, String)] = [
            (["replay", trace, "--log", nowhere], 4, "\(nowhere): cannot write (disk full or folder not writable)"),
            (["bench", "--record", nowhere, "--build", "x"], 4, "\(nowhere): cannot write (disk full or folder not writable)"),
            (["replay", trace, "--log", ""], 2, "--log: an empty file name ('')"),
            (["replay", trace, "--log", "-"], 2, "--log: '-' is not a file name here (this writes a file, not standard output); give a path such as ./-"),
            (["bench", "--record", "", "--build", "x"], 2, "--record: an empty file name ('')"),
        ]
        for (args, code, line) in cases {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(args, console: c.console) == code, "\(args)")
            #expect(c.out.isEmpty && c.err == ["cardcheck: " + line], "\(args): \(c.err)")
        }
    }

    @Test("replay --log with a model that writes no server log is refused before the replay prints anything")
    func noServerLogBeforeReplay() throws {
        let scratch = Scratch()
        let trace = try Self.dieHardTrace(scratch)
        let c = CapturedConsole()
        #expect(c.run("replay", trace, "--log", scratch.path + "/x.log.jsonl") == ExitCode.badInput)
        #expect(c.out.isEmpty)
        #expect(c.err == ["cardcheck: \(trace): model \"die-hard\" writes no server log to diagnose"])
    }

    @Test("a story file's place taken by a FIFO after the folder was tried: exit 4 after the report, the FIFO kept")
    func storyPlaceTakenBySpecialFile() throws {
        let scratch = Scratch()
        let save = scratch.path + "/save"
        try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
        let fifo = save + "/big-is-not-the-target.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--save", save) == ExitCode.outputFailed)
        #expect(c.out.first?.hasPrefix("die-hard: 16 distinct states") == true)
        #expect(c.err == ["cardcheck: \(fifo): a FIFO (named pipe), not a regular file: an output is never written over one"])
        #expect(Self.isFIFO(fifo))
    }

    @Test("a story's server log (.log.jsonl) that cannot be written after the search is exit 4 (was 2), the report printed")
    func storyLogUnwritable() throws {
        let scratch = Scratch()
        let rows = MutantWorldsTests.world(scratch, "rows", duplicateRows: true)
        let out = scratch.path + "/out"
        // The log's place (beside the world that killed the guard) taken by a folder: the .md
        // and .json are written, the log cannot be.
        let log = out + "/rows/double-counted-session-seenSidSkip-off.log.jsonl"
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let c = CapturedConsole()
        #expect(c.run("mutants", rows, "--only", "seenSidSkip", "--threads", "1", "--write", out) == ExitCode.outputFailed)
        #expect(c.err.last == "cardcheck: \(log): a directory, not a regular file: an output is never written over one")
        #expect(FileManager.default.fileExists(atPath: out + "/rows/double-counted-session-seenSidSkip-off.md"))
    }

    @Test("a CI report file, checkpoint or done marker whose place is a FIFO is refused before the run (exit 2), the FIFO kept")
    func ciPlacesRefused() throws {
        let scratch = Scratch()
        let (models, profiles) = try CIReliabilityTests.models(scratch)
        let baseline = ProfileCommandTests.baseline(scratch, [("die-hard", "big is not the target")])
        for (folder, name) in [("out", "junit.xml"), ("out", "report.json"), ("ckpt", "check-die-hard.done.json"), ("ckpt", "check-die-hard.checkpoint")] {
            let dir = scratch.path + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let fifo = dir + "/" + name
            #expect(mkfifo(fifo, 0o644) == 0)
            let c = CapturedConsole()
            let code = c.run("nightly", "--profiles", profiles, "--models", models, "--out", scratch.path + "/out",
                             "--checkpoint", scratch.path + "/ckpt", "--threads", "1", "--baseline", baseline)
            #expect(code == ExitCode.badInput, "\(name)")
            #expect(c.err == ["cardcheck: \(fifo): a FIFO (named pipe), not a regular file: an output is never written over one"], "\(name)")
            #expect(!c.err.contains { $0.contains("[1/1]") })
            #expect(Self.isFIFO(fifo))
            unlink(fifo)
        }
        // merge's --out: the same refusal, before the reports are folded.
        let out = scratch.path + "/merged"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(mkfifo(out + "/summary.md", 0o644) == 0)
        let report = scratch.file("report.json", String(decoding: CIReport(
            profile: "nightly", shards: ["1/1"], jobs: [], baseline: Baseline(entries: []), final: true).encoded(), as: UTF8.self))
        let c = CapturedConsole()
        #expect(c.run("merge", report, "--out", out, "--baseline", baseline) == ExitCode.badInput)
        #expect(c.err == ["cardcheck: \(out)/summary.md: a FIFO (named pipe), not a regular file: an output is never written over one"])
        #expect(c.out.isEmpty && Self.isFIFO(out + "/summary.md"))
    }
}
