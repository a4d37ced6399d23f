import Foundation
import Testing
import CIRun
import Explorer
import Synchronization
@testable import CardcheckCLI

@Suite struct BenchCommandTests {
    @Test("bench refuses files and bad counts with one line, exit 2 (its figures are not tested)")
    func badInput() {
        let c = CapturedConsole()
        #expect(c.run("bench", "--repeat", "0") == 2)
        #expect(c.err == ["cardcheck: --repeat must be a positive integer, got '0'"])
        let d = CapturedConsole()
        #expect(d.run("bench", "Models/die-hard.json") == 2)
        #expect(d.err == ["cardcheck: cardcheck bench takes no file (try: cardcheck bench --help)"])
        let e = CapturedConsole()
        #expect(e.run("bench", "--fleet", "/nonexistent/fleet.json") == 2)
        #expect(e.err.count == 1 && e.err.first?.hasPrefix("cardcheck: ") == true && e.out.isEmpty)
    }

    @Test("--run takes a known model and no --repeat, --fleet-only or (but for the fleet) --fleet")
    func runOptions() {
        let cases: [([String], String)] = [
            (["--run", "nope"], "cardcheck: --run: unknown model 'nope' (one of: two-phase-commit-7, two-phase-commit-8, flag-mutex-9, fleet)"),
            (["--run", "fleet", "--repeat", "2"], "cardcheck: --repeat is not used with --run"),
            (["--run", "fleet", "--fleet-only"], "cardcheck: --fleet-only is not used with --run"),
            (["--run", "flag-mutex-9", "--fleet", "Models/fleet-card.json"], "cardcheck: --fleet is only used with --run fleet"),
            (["--run", "fleet", "--threads", "0"], "cardcheck: --threads must be an integer from 1 to 64, got '0'"),
            (["--run"], "cardcheck: --run needs a value"),
            (["--run", "fleet", "--fleet", "/nonexistent/fleet.json"], ""),
        ]
        for (arguments, message) in cases {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(["bench"] + arguments, console: c.console) == 2, "\(arguments)")
            #expect(c.out.isEmpty && c.err.count == 1, "\(arguments)")
            if !message.isEmpty { #expect(c.err == [message]) }
        }
    }

    @Test("--run measures one search in this process and prints the figures line")
    func runLine() throws {
        let scratch = Scratch()
        let c = CapturedConsole()
        #expect(c.run("bench", "--run", "fleet", "--threads", "2", "--fleet", Self.tinyFleet(scratch)) == 0)
        #expect(c.err.isEmpty && c.out.count == 1)
        let figures = try #require(BenchFigures(line: c.out[0]))
        #expect(figures.states == 149)
        #expect(figures.peak > 0 && figures.growth <= figures.peak && figures.visitedBytes > 0 && figures.seconds > 0)
    }

    @Test("the reference, baseline and record options refuse bad use with one line, before any run")
    func referenceOptions() {
        let scratch = Scratch()
        let damaged = scratch.file("ref.json", "{\"format\": \"cardcheck-bench-reference\", \"version\": 1}")
        let cases: [([String], String)] = [
            (["--record", scratch.path + "/r.json"], "cardcheck: --record is only used with --build TEXT"),
            (["--build", "main"], "cardcheck: --build is only used with --record FILE"),
            (["--baseline", "/nonexistent/cardcheck"], "cardcheck: --baseline: /nonexistent/cardcheck is not an executable file"),
            (["--reference", damaged], "cardcheck: \(damaged): missing key \"rows\""),
            (["--run", "fleet", "--baseline", "/bin/true"], "cardcheck: --baseline is not used with --run"),
            (["--run", "fleet", "--no-spin"], "cardcheck: --no-spin is not used with --run"),
        ]
        for (arguments, message) in cases {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(["bench"] + arguments, console: c.console) == 2, "\(arguments)")
            #expect(c.out.isEmpty && c.err.count == 1, "\(arguments)")
            #expect(c.err == [message])
        }
    }

    @Test("a baseline build run in turn gives each row its ratio, and its figures recorded read back as the reference")
    func baselineAndRecord() throws {
        let scratch = Scratch()
        let fleet = Self.tinyFleet(scratch), recorded = scratch.path + "/reference.json"
        let c = CapturedConsole()
        let code = try BenchCommand.run(
            ["--fleet-only", "--repeat", "1", "--fleet", fleet, "--baseline", CIPipelineTests.executable,
             "--record", recorded, "--build", "this build as a baseline"],
            console: c.console, executable: CIPipelineTests.executable)
        #expect(code == 0 && c.err.isEmpty)
        let row = try #require(c.out.first { $0.hasPrefix("fleet ") })
        // The last column is the ratio to the baseline: a number, not "-".
        let last = try #require(row.split(separator: " ").last)
        #expect(last.hasSuffix("x") && Double(last.dropLast()) != nil, "\(row)")
        let reference = try BenchReference.load(path: recorded, models: BenchModel.all.map(\.name))
        #expect(reference.build == "this build as a baseline" && reference.rows.map(\.model) == ["fleet"])
        #expect(reference.row("fleet")?.states == 149)
        // Read back as the reference: the row's second-to-last column is its ratio.
        let d = CapturedConsole()
        #expect(try BenchCommand.run(
            ["--fleet-only", "--repeat", "1", "--fleet", fleet, "--reference", recorded], console: d.console,
            executable: CIPipelineTests.executable) == 0)
        #expect(d.out.first == "reference: this build as a baseline (\(reference.measured); \(recorded))")
        let again = try #require(d.out.first { $0.hasPrefix("fleet ") }).split(separator: " ")
        #expect(again.last == "-" && again[again.count - 2].hasSuffix("x"))
    }

    @Test("a baseline that cannot run a row, or whose report of it cannot be read, leaves the row uncompared and says why")
    func baselineCannotRun() throws {
        let scratch = Scratch()
        let fleet = Self.tinyFleet(scratch)
        // As 563489b's fleet report reads, and as a build refusing today's configuration exits.
        let oldReport = scratch.file("old.sh", "#!/bin/sh\necho 'distinct states: 149  transitions: 500  depth: 9  time: 0.1 s'\n")
        let refusing = scratch.file("refusing.sh", "#!/bin/sh\necho \"cardcheck: $2: unknown key\" >&2\nexit 2\n")
        for script in [oldReport, refusing] { chmod(script, 0o755) }
        let cases = [
            (oldReport, "no 'N distinct states' and 'time T s, R states/s' lines in its output"),
            (refusing, "exit 2: \(fleet): unknown key"),
        ]
        for (script, why) in cases {
            let c = CapturedConsole()
            let code = try BenchCommand.run(
                ["--fleet-only", "--repeat", "2", "--fleet", fleet, "--baseline", script], console: c.console,
                executable: CIPipelineTests.executable)
            #expect(code == 0 && c.err.isEmpty, "\(c.err)")
            let row = try #require(c.out.first { $0.hasPrefix("fleet ") })
            #expect(row.split(separator: " ").last == "-", "\(row)")
            let note = "baseline: fleet not compared: baseline run '\(script) check \(fleet) --threads 1' failed (\(why))"
            #expect(c.out.filter { $0.hasPrefix("baseline: fleet") } == [note], "\(c.out)")
        }
    }

    @Test("the figures line reads back exactly; a malformed line is refused")
    func figuresLine() {
        let f = BenchFigures(states: 398_089, seconds: 1.25, cpu: 2.5, visitedBytes: 4_800_000, peak: 25_165_824, growth: 11_000_000)
        #expect(f.line == "cardcheck-bench-run states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=11000000")
        #expect(BenchFigures(line: f.line) == f)
        let bad = [
            "",
            "cardcheck-bench-run",
            "cardcheck-bench-run states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824",
            "cardcheck-bench-run states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1 extra=2",
            "cardcheck-bench-ran states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1",
            "cardcheck-bench-run seconds=1.25 states=398089 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1",
            "cardcheck-bench-run states=3.5 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1",
            "cardcheck-bench-run states=398089 seconds=nan cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1",
            "cardcheck-bench-run states=398089 seconds=1.25 cpu=-1 visited-bytes=4800000 peak=25165824 growth=1",
            "cardcheck-bench-run states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak= growth=1",
            "cardcheck-bench-run states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth",
            "cardcheck-bench-run  states=398089 seconds=1.25 cpu=2.5 visited-bytes=4800000 peak=25165824 growth=1",
        ]
        for line in bad { #expect(BenchFigures(line: line) == nil, "\(line)") }
    }

    @Test("a child that fails, is killed or prints no figures stops the bench with one line, exit 2")
    func childFailures() throws {
        let cases: [(String, String)] = [
            ("echo 'cardcheck: Models/x.json: no such file' >&2; exit 2",
             "bench: the run 'cardcheck bench --run fleet --threads 1 --fleet Models/fleet-card.json' failed (exit 2: Models/x.json: no such file)"),
            ("kill -KILL $$",
             "bench: the run 'cardcheck bench --run fleet --threads 1 --fleet Models/fleet-card.json' failed (killed by signal 9)"),
            ("echo states=1",
             "bench: the run 'cardcheck bench --run fleet --threads 1 --fleet Models/fleet-card.json' failed (no figures line (cardcheck-bench-run ...) in its output)"),
        ]
        let scratch = Scratch()
        for (script, message) in cases {
            let path = scratch.file("child.sh", "#!/bin/sh\n" + script + "\n")
            chmod(path, 0o755)
            let c = CapturedConsole()
            #expect(throws: CommandError(message)) {
                try BenchCommand.run(["--fleet-only", "--repeat", "1"], console: c.console, executable: path)
            }
            #expect(c.out.count == 2 && c.err.isEmpty)  // the reference and the header; `dispatch` prints the error
            #expect(c.out.first?.hasPrefix("reference: ") == true)
        }
    }

    @Test("the bench end to end: each run a child of the built executable, the table's fleet row")
    func endToEnd() throws {
        let scratch = Scratch()
        let c = CapturedConsole()
        let code = try BenchCommand.run(
            ["--fleet-only", "--repeat", "2", "--fleet", Self.tinyFleet(scratch)], console: c.console,
            executable: CIPipelineTests.executable)
        #expect(code == 0 && c.err.isEmpty)
        #expect(c.out.count == 4)
        // The committed reference (Benchmarks/reference.json) has no fleet row: "-" in its column.
        #expect(c.out[0].hasPrefix("reference: 563489b (30 November 2026) ("))
        #expect(c.out[1].hasPrefix("model                      states   1 thread: states/s"))
        #expect(c.out[2].hasPrefix("fleet                         149   ") && c.out[2].hasSuffix("-            -"))
        #expect(c.out[3].hasPrefix("(") && c.out[3].contains("machine load at start"))
    }

    @Test("SIGTERM stops the bench and the search it is running: exit 143, the child gone")
    func terminate() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CIPipelineTests.executable)
        process.arguments = ["bench", "--repeat", "1"]  // two-phase commit first: seconds in debug
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        var child: Int32?
        let deadline = Date().addingTimeInterval(30)
        while child == nil && process.isRunning && Date() < deadline {
            // A child is listed under the thread that started it.
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            let text = tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/children", encoding: .utf8) }.joined()
            child = text.split(separator: " ").first.flatMap { Int32($0) }
            usleep(5_000)
        }
        let running = try #require(child)
        kill(pid, SIGTERM)
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 143)
        #expect(out.hasSuffix("stopped: interrupted (SIGTERM); the rows above are complete, the rest was not run\n"))
        // The parent waited for its child, so the child is reaped and gone.
        #expect(kill(running, 0) != 0)
    }

    @Test("a stopped bench kills the running child at once (here one that would sleep 60 s)")
    func stopKillsChild() throws {
        let scratch = Scratch()
        let path = scratch.file("child.sh", "#!/bin/sh\nexec sleep 60\n")
        chmod(path, 0o755)
        let stop = RunStop()
        let start = Date()
        Thread { usleep(100_000); stop.raise(SIGINT) }.start()
        let outcome = try BenchChild.run(path, [], what: "run", stop: stop)
        #expect(outcome == .stopped)
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test("a row's ratio to the reference or the baseline is given only when both explored the same states")
    func ratioNeedsSameStates() {
        let figures = BenchFigures(states: 1_000, seconds: 0.5, cpu: 0.5, visitedBytes: 8_000, peak: 1_000_000, growth: 500_000)
        func columns(reference: Int, baseline: Int) -> [Substring] {
            let row = BenchTable.Row(one: figures, many: figures, baseline: BenchBaseline.Figures(states: baseline, statesPerSecond: 1_000))
            let line = BenchCommand.row("x", row, reference: BenchReference.Row(model: "x", states: reference, statesPerSecond: 500))
            return line.split(separator: " ").suffix(2)
        }
        // This build: 2,000 states/s; the reference 500 (4x), the baseline 1,000 (2x).
        #expect(columns(reference: 1_000, baseline: 1_000) == ["4.00x", "2.00x"])
        #expect(columns(reference: 999, baseline: 1_000) == ["-", "2.00x"])
        #expect(columns(reference: 1_000, baseline: 1_001) == ["4.00x", "-"])
    }

    @Test("--record refuses a reference the baseline gave no row of: not written (exit 4), the committed file untouched")
    func recordRefusesPartialReference() throws {
        let scratch = Scratch()
        let fleet = Self.tinyFleet(scratch)
        let refusing = scratch.file("refusing.sh", "#!/bin/sh\necho \"cardcheck: $2: unknown key\" >&2\nexit 2\n")
        chmod(refusing, 0o755)
        let recorded = scratch.file("reference.json", "committed")
        let c = CapturedConsole()
        #expect(throws: OutputError("\(recorded): not recorded: the baseline gave figures for 0 of the 1 rows run (see the lines above); a reference is recorded whole or not at all")) {
            try BenchCommand.run(
                ["--fleet-only", "--repeat", "1", "--fleet", fleet, "--baseline", refusing, "--record", recorded, "--build", "b"],
                console: c.console, executable: CIPipelineTests.executable)
        }
        #expect(c.out.contains { $0.hasPrefix("baseline: fleet not compared: ") })
        #expect(try String(contentsOfFile: recorded, encoding: .utf8) == "committed")
    }

    @Test("--baseline naming a folder, and a --build text of more than one line, are refused before any run (exit 2)")
    func baselineFolderAndBuildLine() {
        let scratch = Scratch()
        let cases: [([String], String)] = [
            (["--baseline", scratch.path], "cardcheck: --baseline: \(scratch.path) is not an executable file"),
            (["--record", scratch.path + "/r.json", "--build", "abc\nreference: forged"],
             "cardcheck: --build must be one line of text (no newline or other control character), got 'abc\nreference: forged'"),
            (["--record", scratch.path + "/r.json", "--build", ""],
             "cardcheck: --build must be one line of text (no newline or other control character), got ''"),
        ]
        for (args, line) in cases {
            let c = CapturedConsole()
            #expect(CardcheckCommand.run(["bench"] + args, console: c.console) == ExitCode.badInput, "\(args)")
            #expect(c.out.isEmpty && c.err == [StrictJSON.oneLine(line)], "\(c.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/r.json"))
    }

    @Test("a child whose own child keeps the output pipe open: its lines are read when it exits, not at the pipe's end")
    func childHoldingThePipe() throws {
        let scratch = Scratch()
        let pidFile = scratch.path + "/held.pid"
        // The background sleep inherits the pipe and holds it 60 s after the script exits.
        let script = scratch.file("child.sh", "#!/bin/sh\nsleep 60 &\necho $! > \(pidFile)\necho figures\n")
        chmod(script, 0o755)
        defer { if let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) } }
        let start = Date()
        let lines = try BenchChild.output(script, [], what: "run", stop: RunStop())
        #expect(lines == ["figures"])
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test("stopped while a child and its own child hold the pipe, the bench returns at once (SIGTERM within a second)")
    func stopWithPipeHeld() throws {
        let scratch = Scratch()
        let pidFile = scratch.path + "/held.pid"
        let script = scratch.file("child.sh", "#!/bin/sh\nsleep 60 &\necho $! > \(pidFile)\nexec sleep 60\n")
        chmod(script, 0o755)
        defer { if let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { kill(pid, SIGKILL) } }
        let stop = RunStop()
        let raised = Atomic<Double>(0)
        Thread { usleep(300_000); raised.store(Date().timeIntervalSinceReferenceDate, ordering: .sequentiallyConsistent); stop.raise(SIGTERM) }.start()
        let lines = try BenchChild.output(script, [], what: "run", stop: stop)
        #expect(lines == nil)
        #expect(Date().timeIntervalSinceReferenceDate - raised.load(ordering: .sequentiallyConsistent) < 1)
    }

    /// A fleet configuration of 149 states (one phone, one world action): milliseconds in debug.
    static func tinyFleet(_ scratch: Scratch) -> String {
        let text = (try? String(contentsOfFile: "Models/fleet-card-one-phone.json", encoding: .utf8)) ?? ""
        return scratch.file("tiny-fleet.json", text.replacingOccurrences(of: "\"worldBudget\": 3", with: "\"worldBudget\": 1"))
    }
}
