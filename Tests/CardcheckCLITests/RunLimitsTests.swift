import Foundation
import Testing
@testable import CardcheckCLI

/// Limits end every long command with its partial report, marked, and exit code 3.
@Suite("RunLimits")
struct RunLimitsTests {
    let scratch = Scratch()

    @Test("--max-states ends check with the partial report, NOT exhaustive, exit 3; in any flag order and form",
          arguments: [["--max-states", "2000", "--threads", "1"], ["--threads=2", "--max-states=2000"]])
    func maxStates(_ flags: [String]) {
        let path = scratch.file("fm.json", #"{ "model": "flag-mutex", "processes": 8 }"#)
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(["check"] + flags + [path], console: c.console) == ExitCode.partial)
        let first = c.out.first ?? ""
        #expect(first.hasSuffix("NOT exhaustive (state limit reached)"))
        // The bound the help states: the successors of 1,024 frontier states past the limit (8
        // processes: at most 16 each), with any number of threads.
        let states = Int(first.split(separator: " ")[1].replacingOccurrences(of: ",", with: "")) ?? -1
        #expect(states >= 2000 && states <= 2000 + 1024 * 16)
        // The same stopping point, line for line, with one thread and with two.
        let other = CapturedConsole()
        let threads = flags.contains("--threads=2") ? "1" : "2"
        _ = CardcheckCommand.run(["check", path, "--max-states", "2000", "--threads", threads], console: other.console)
        #expect(other.out.dropLast() == c.out.dropLast())
        #expect(CheckCommand.help.contains("successors past N; where it stops does not depend on --threads or\n"))
        #expect(CheckCommand.help.contains("timing (the other limits and signals stop when they happen)\n"))
        #expect(c.out.last?.hasPrefix("time ") == true)
        #expect(c.out.contains("result: NOT exhaustive (state limit reached); nothing failed in the part explored"))
    }

    @Test("--spill with --memory 16 keeps going past the mark, levels on disk, with the in-memory report, exit 0")
    func spill() throws {
        let path = scratch.file("fm.json", #"{ "model": "flag-mutex", "processes": 8 }"#)
        let inMemory = CapturedConsole(), spilled = CapturedConsole()
        #expect(inMemory.run("check", path, "--threads", "1") == ExitCode.fail)
        // A test process already holds more than 16 MB: the search spills from its first batch.
        #expect(spilled.run("check", path, "--threads", "2", "--memory", "16", "--spill", scratch.path) == ExitCode.fail)
        let timing = { (lines: [String]) in lines.filter { !$0.hasPrefix("time ") && !$0.hasPrefix("spill: ") } }
        #expect(timing(spilled.out) == timing(inMemory.out))
        let line = try #require(spilled.out.last)
        #expect(line.hasPrefix("spill: from depth 0, "), "\(line)")
        #expect(line.contains(" bytes of levels, "))
        #expect(line.contains(" of fingerprints (their filters at most "))
        #expect(line.hasSuffix(" of parent links written to \(scratch.path)"))
        #expect(!line.contains(" 0 "), "\(line)")
        // The files were unlinked when opened: nothing is left in the directory but the configuration.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["fm.json"])
    }

    @Test("--spill names a directory that is missing or a file, exit 2, before any search", arguments: ["missing", "fm.json"])
    func spillDirectory(_ name: String) {
        let path = scratch.file("fm.json", #"{ "model": "flag-mutex", "processes": 8 }"#)
        let c = CapturedConsole()
        let directory = scratch.path + "/" + name
        #expect(c.run("check", path, "--spill", directory) == ExitCode.badInput)
        #expect(c.out.isEmpty)
        let what = name == "missing" ? "no such directory" : "not a directory"
        #expect(c.err == ["cardcheck: \(directory): \(what) (--spill)"])
    }

    @Test("--memory ends check with the partial report when the process holds more, exit 3 (never a kill)")
    func memoryLimit() {
        let path = scratch.file("fm.json", #"{ "model": "flag-mutex", "processes": 8 }"#)
        let c = CapturedConsole()
        // A test process already holds more than 16 MB: the first check stops the search.
        #expect(CardcheckCommand.run(["check", path, "--memory", "16", "--threads", "1"], console: c.console) == ExitCode.partial)
        #expect(c.out.first?.hasSuffix("NOT exhaustive (memory limit reached)") == true)
        #expect(c.out.contains("result: NOT exhaustive (memory limit reached); nothing failed in the part explored"))
        // Counting too: the count is not available, and the line says why.
        let counted = CapturedConsole()
        #expect(CardcheckCommand.run(["check", path, "--memory", "16", "--count"], console: counted.console) == ExitCode.partial)
        #expect(counted.out.contains("behaviours: not available (the search was not exhaustive: memory limit reached)"))
        let d = CapturedConsole()
        #expect(CardcheckCommand.run(["check", path, "--memory", "2"], console: d.console) == ExitCode.badInput)
        #expect(d.err == ["cardcheck: --memory must be an integer from 16 to 16000000, got '2'"])
    }

    @Test("a fleet configuration takes every check flag, before or after the file")
    func fleetFlags() {
        let c = CapturedConsole()
        let code = CardcheckCommand.run(
            ["check", "--max-states=300", "--stop-at-first", "--progress", "Models/fleet-card.json", "--threads", "1",
             "--save", scratch.path + "/s"], console: c.console)
        #expect(code == ExitCode.partial || code == ExitCode.fail)
        #expect(c.out.first?.hasPrefix("fleet-card: ") == true)
        #expect(c.out.contains { $0.contains("NOT exhaustive") })
    }

    @Test("mutants with --max-states marks its rows not exhaustive and exits 3 unless a guard survived")
    func mutantsLimit() {
        let c = CapturedConsole()
        let code = c.run("mutants", "Models/fleet-card.json", "--only", "seenSidSkip", "--max-states", "200", "--threads", "1")
        #expect(code == ExitCode.partial || code == ExitCode.fail)
        #expect(c.out.contains { $0.hasPrefix("| seenSidSkip |") && $0.hasSuffix("(not exhaustive) |") })
        #expect(c.out.contains { $0.hasPrefix("NOT exhaustive (state limit reached): ") })
    }
}

extension RunLimitsTests {
    @Test("--time-limit reached while --count adds up: the report, the count not available, exit 3")
    func countStopped() {
        let c = CapturedConsole()
        // Die Hard's 16 states are searched at once; 100,000 levels of paths take longer than 1 s.
        #expect(c.run("check", "Models/die-hard.json", "--depth", "100000", "--count", "--time-limit", "1") == ExitCode.partial)
        #expect(c.out.contains("result: as expected"))
        #expect(c.out.last == "behaviours: not available (time limit reached while counting)")
    }
}

extension RunLimitsTests {
    @Test("mutants cut short by --max-states says so for the rows it did not finish and exits 3, never NOT KILLED")
    func mutantsCutShort() {
        let c = CapturedConsole()
        #expect(c.run("mutants", "Models/fleet-card.json", "--only", "seenSidSkip,dedupe", "--max-states", "1", "--threads", "1") == ExitCode.partial)
        #expect(c.out.contains { $0.hasPrefix("| seenSidSkip | cut short (not killed so far) |") })
        #expect(!(c.out + c.err).contains { $0.contains("NOT KILLED") })
        #expect(c.out.last == "cut short: 2 of 2 guards neither killed nor run to their bounds; none survived a run to its bounds")
    }
}
