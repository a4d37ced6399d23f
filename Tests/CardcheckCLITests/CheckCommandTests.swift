import Foundation
import Explorer
import Testing
@testable import CardcheckCLI

@Suite struct CheckCommandTests {
    let scratch = Scratch()

    @Test("two-phase commit passes with its published 288 states, exit code 0")
    func twoPhaseCommit() {
        let c = CapturedConsole()
        #expect(c.run("check", "Models/two-phase-commit.json", "--threads", "1") == 0)
        #expect(Array(c.out.prefix(6)) == [
            "two-phase-commit: 288 distinct states, 761 transitions, depth 10, exhaustive (frontier emptied)",
            "fingerprint collision probability 2.2e-15 (n²/2⁶⁵)",
            "  holds      always \"consistent\"",
            "  reached    sometimes \"all committed\" in 10 steps",
            "  reached    sometimes \"all aborted\" in 3 steps",
            "result: pass",
        ])
    }

    @Test("a violation prints its minimized steps and exits 1; --save writes a trace that replays")
    func violationSaved() throws {
        let c = CapturedConsole()
        let dir = scratch.path + "/traces"
        // A copy away from Models/, so no accepted-findings baseline lies beside it.
        let config = scratch.file("die-hard.json", try String(contentsOfFile: "Models/die-hard.json", encoding: .utf8))
        #expect(c.run("check", config, "--save", dir) == 1)
        #expect(c.out.contains("  VIOLATED   always \"big is not the target\" in 6 steps (shortest, 1-minimal)"))
        #expect(c.out.contains("result: FAIL"))
        let path = dir + "/big-is-not-the-target.json"
        #expect(c.out.contains("saved \(path) (replay: cardcheck replay \(path))"))
        let replay = CapturedConsole()
        #expect(replay.run("replay", path) == 0)
        #expect(replay.out.last == "reproduced: \"big is not the target\" breaks at step 6, as recorded")
    }

    @Test("the same check prints the same report with one thread and with two")
    func threadsAgree() {
        let one = CapturedConsole(), two = CapturedConsole()
        _ = one.run("check", "Models/flag-mutex.json", "--threads", "1")
        _ = two.run("check", "Models/flag-mutex.json", "--threads", "2")
        #expect(one.out.dropLast(1) == two.out.dropLast(1))  // the last line is timing
    }

    @Test("a fleet check whose cards bound refuses a start prints the bound cut, the same on 1 and 2 threads")
    func boundCut() throws {
        // One phone allowed one card, two world actions (2,812 states): a start past the card is
        // refused by the bound in 2 otherwise quiet states (pinned, as the model gives it).
        let text = try String(contentsOfFile: "Models/fleet-card-one-phone.json", encoding: .utf8)
        let tight = text.replacingOccurrences(of: "\"maxCardsPerDevice\": 3", with: "\"maxCardsPerDevice\": 1")
            .replacingOccurrences(of: "\"worldBudget\": 3", with: "\"worldBudget\": 2")
        #expect(tight.contains("\"maxCardsPerDevice\": 1") && tight.contains("\"worldBudget\": 2"))
        let config = scratch.file("one-card.json", tight)
        let line = "bound cut: 2 states not judged at quiescence: a system step was refused by maxCardsPerDevice (raise it to look past)"
        for threads in ["1", "2"] {
            let c = CapturedConsole()
            _ = c.run("check", config, "--threads", threads)
            #expect(c.out.filter { $0.hasPrefix("bound cut:") } == [line])
        }
        // Two cards allowed: the bound refuses nothing there, and no line is printed.
        let roomy = CapturedConsole()
        let two = scratch.file("two-cards.json", tight.replacingOccurrences(of: "\"maxCardsPerDevice\": 1", with: "\"maxCardsPerDevice\": 2"))
        _ = roomy.run("check", two, "--threads", "2")
        #expect(roomy.out.first { $0.hasPrefix("fleet-card: ") } != nil)
        #expect(!roomy.out.contains { $0.hasPrefix("bound cut:") })
    }

    @Test("a depth bound that is not a positive integer is one line, exit code 2", arguments: ["0", "x", "-1"])
    func badDepth(value: String) {
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--depth", value) == 2)
        #expect(c.err == ["cardcheck: --depth must be an integer from 1 to 100000, got '\(value)'"])
    }

    @Test("an unknown flag is one line, exit code 2")
    func unknownFlag() {
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--fast") == 2)
        #expect(c.err == ["cardcheck: unknown flag '--fast' for cardcheck check (try: cardcheck check --help)"])
    }

    @Test("two files, or none, are refused")
    func arity() {
        let c = CapturedConsole()
        #expect(c.run("check") == 2)
        #expect(c.err == ["cardcheck: cardcheck check takes one configuration file (try: cardcheck check --help)"])
    }

    @Test("a depth bound below the diameter says NOT exhaustive")
    func partial() {
        let c = CapturedConsole()
        _ = c.run("check", "Models/two-phase-commit.json", "--depth", "4")
        #expect(c.out.first?.hasPrefix("two-phase-commit: ") == true)
        #expect(c.out.first?.hasSuffix(" transitions, depth 4, NOT exhaustive (depth bound reached)") == true)
        #expect(c.out.contains("bounds: depth bound 4"))
    }

    @Test("--count prints the exact behaviour counts")
    func count() {
        let c = CapturedConsole()
        _ = c.run("check", "Models/die-hard.json", "--depth", "6", "--count")
        #expect(c.out.contains("behaviours of length ≤ 6: 55987 (exactly 6: 46656)"))
        #expect(c.out.contains { $0.hasPrefix("  always \"big is not the target\": ") })
    }

    @Test("progress goes to stderr only when asked (stderr here is not a terminal)")
    func progress() {
        let quiet = CapturedConsole(), loud = CapturedConsole()
        _ = quiet.run("check", "Models/die-hard.json")
        _ = loud.run("check", "Models/die-hard.json", "--progress")
        #expect(quiet.err.isEmpty)
        #expect(loud.err.last?.hasPrefix("progress: 16 distinct states") == true)
    }

    @Test("a spilling search's progress ends with its bytes on disk and the bytes free there, in GB")
    func progressOnDisk() {
        let loud = CapturedConsole()
        _ = loud.run("check", "Models/two-phase-commit.json", "--progress", "--spill", scratch.path, "--memory", "16")
        let last = loud.err.last ?? ""
        #expect(last.hasPrefix("progress: ") && last.contains(", on disk 0.0") && last.hasSuffix(" GB free)"), "\(loud.err)")
        let line = ProgressLine.text(SearchProgress(
            distinctStates: 7, frontier: 2, depth: 3, seconds: 1, spill: SpillUse(bytes: 41_234_567_890, free: 18_299_000_000)))
        #expect(line == "progress: 7 distinct states, frontier 2, depth 3, 7 states/s, on disk 41.23 GB (18.30 GB free)")
        #expect(ProgressLine.text(SearchProgress(
            distinctStates: 7, frontier: 2, depth: 3, seconds: 1, spill: SpillUse(bytes: 5, free: nil))).hasSuffix("states/s, on disk 0.00 GB"))
    }

    @Test("each progress line after a search's first says the rate since the line before; a new search starts without")
    func progressRate() {
        let lines = ProgressLines()
        func at(_ states: Int, _ seconds: Double) -> String {
            lines.text(SearchProgress(distinctStates: states, frontier: 1, depth: 2, seconds: seconds))
        }
        #expect(at(1_000, 1) == "progress: 1000 distinct states, frontier 1, depth 2, 1000 states/s")
        #expect(at(1_600, 2) == "progress: 1600 distinct states, frontier 1, depth 2, 800 states/s (now 600)")
        #expect(at(2_000, 4) == "progress: 2000 distinct states, frontier 1, depth 2, 500 states/s (now 200)")
        #expect(at(50, 0.5) == "progress: 50 distinct states, frontier 1, depth 2, 100 states/s")
    }

    @Test("a --save directory that cannot be created is one line, exit 4 (an output not written), before any search")
    func unwritable() {
        let blocker = scratch.file("plain-file", "x")
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json", "--save", blocker + "/sub") == ExitCode.outputFailed)
        #expect(c.err == ["cardcheck: \(blocker)/sub: cannot write"])
        #expect(c.out.isEmpty)
    }
}

@Suite struct CheckProgressTests {
    @Test("progress goes to stderr on its own when stderr is a terminal")
    func terminal() {
        let lock = NSLock()
        var err: [String] = []
        let console = Console(out: { _ in }, err: { line in lock.withLock { err.append(line) } }, errorIsTerminal: true)
        _ = CardcheckCommand.run(["check", "Models/die-hard.json"], console: console)
        #expect(lock.withLock { err.last?.hasPrefix("progress: 16 distinct states, frontier 0, depth 7, ") } == true)
    }

    @Test("the baseline beside a configuration is its one list of expected findings")
    func baselineBeside() throws {
        let c = CapturedConsole()
        #expect(c.run("check", "Models/die-hard.json") == 0)
        #expect(c.out.contains { $0.hasPrefix("  violated   always \"big is not the target\" in 6 steps (expected: the puzzle's solution") })
        #expect(c.out.contains("result: as expected"))
        // No committed configuration carries its own list: the baseline is the only one.
        for file in try FileManager.default.contentsOfDirectory(atPath: "Models") where file.hasSuffix(".json") {
            let text = try String(contentsOfFile: "Models/" + file, encoding: .utf8)
            #expect(!text.contains("\"expectedFindings\""), "Models/\(file)")
        }
        let scratch = Scratch()
        let config = scratch.file("die-hard.json", try String(contentsOfFile: "Models/die-hard.json", encoding: .utf8))
        _ = scratch.file("accepted-findings.json", #"{"format": "cardcheck-accepted-findings", "version": 1, "findings": [{"configuration": "die-hard", "property": "big is not the target", "reason": "why", "waitsOn": "w"}, {"configuration": "other", "property": "x", "reason": "r", "waitsOn": "w"}]}"#)
        let d = CapturedConsole()
        #expect(d.run("check", config) == 0)
        #expect(d.out.contains("  violated   always \"big is not the target\" in 6 steps (expected: why)"))
        _ = scratch.file("accepted-findings.json", #"{"format": "cardcheck-accepted-findings", "version": 1}"#)
        let e = CapturedConsole()
        #expect(e.run("check", config) == 2)
        #expect(e.err == ["cardcheck: \(scratch.path)/accepted-findings.json: missing key \"findings\""])
    }
}

extension CheckCommandTests {
    @Test("--save - and --write - are refused with one line (files go into a directory), no directory made")
    func saveToDash() {
        for (command, flag) in [("check", "--save"), ("check", "--write"), ("simulate", "--save"), ("mutants", "--save")] {
            let c = CapturedConsole()
            let config = command == "mutants" ? "Models/fleet-card.json" : "Models/die-hard.json"
            #expect(c.run(command, config, flag, "-") == ExitCode.badInput)
            #expect(c.err == ["cardcheck: " + OutputDirectory.dashRefused])
            #expect(c.out.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }
}
