import Foundation
import Testing
@testable import CardcheckCLI

/// `cardcheck diagnose --config Models/two-phase-commit.json LOG`: a transaction manager's log
/// through the command's one path (issue 46 item 6), read by two-phase commit's reader, searched
/// by the engine, reported in its words around the verdict lines the fleet's report shares. The
/// logs are hand-written (Tests/Corpus/CardcheckCLI/tm-*.log.jsonl).
@Suite("DiagnoseTwoPhaseCommit")
struct DiagnoseTwoPhaseCommitTests {
    static let config = "Models/two-phase-commit.json"
    static func log(_ name: String) -> String { "Tests/Corpus/CardcheckCLI/tm-\(name).log.jsonl" }

    @Test("a commit after the three Prepared is consistent (exit 0): each line beside the TM's step that wrote it, the managers preparing in the gaps")
    func consistent() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("commit"), "--config", Self.config) == ExitCode.pass)
        #expect(c.out.first == "\(Self.log("commit")): 4 line(s) read, one transaction; model two-phase-commit: 3 resource manager(s), the transaction manager's log")
        #expect(c.out.contains("the log is read as a window: its first line may be written from any state the model reaches (up to 3 world action(s) before it; --from-start for a whole log)"))
        #expect(c.out.last == "result: consistent (one behaviour of the model writes every line)")
        #expect(c.out.filter { $0.hasPrefix("  ") && $0.contains(". [log ") }.count == 4)
        #expect(c.out.contains("  the log's names: rm1 is db-2, rm2 is db-1, rm3 is db-3"))
        #expect(c.out.contains { $0.contains("[log 4] TM commits.") })
        #expect(c.out.filter { $0.hasSuffix(" prepares.") }.count == 3)
        #expect(c.out.contains("properties broken on the way:") && c.out.contains("  none"))
        #expect(c.err.isEmpty, "\(c.err)")
    }

    @Test("Docs/diagnose.md shows the commit's run with its real output")
    func documented() throws {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("commit"), "--config", Self.config) == ExitCode.pass)
        let shown = "```sh\ncardcheck diagnose \(Self.log("commit")) --config \(Self.config)\n```\n\n```text\n"
            + c.out.joined(separator: "\n") + "\n```\n"
        #expect(try String(contentsOfFile: "Docs/diagnose.md", encoding: .utf8).contains(shown))
    }

    @Test("a Prepared after the TM decided is inconsistent at its line (exit 1): the line, what the TM would log instead, the candidate states, no gap bound cut a path")
    func inconsistent() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("late-prepared"), "--config", Self.config) == ExitCode.fail)
        #expect(c.out.last == "result: INCONSISTENT at line 4 (the model cannot write it after the lines before it)")
        #expect(c.out.contains("INCONSISTENT at line 4: the model can write lines 1–3 (the longest prefix), not line 4 after them"))
        #expect(c.out.contains("  line 4 says: {\"event\":\"prepared\",\"rm\":\"db-3\"}"))
        #expect(c.out.contains("  the model would log nothing more there within the gap bounds"))
        #expect(c.out.contains { $0.hasPrefix("  candidate states there: ") })
        #expect(c.out.contains("  no gap bound cut a path: this holds at any gap width"))
        #expect(c.err.isEmpty, "\(c.err)")
    }

    @Test("a commit after two Prepared: a window (the third received before it) is consistent; read whole (--from-start) it is inconsistent at line 3, and a narrow gap names the bound that cut paths")
    func window() {
        let w = CapturedConsole()
        #expect(w.run("diagnose", Self.log("early-commit"), "--config", Self.config) == ExitCode.pass)
        #expect(w.out.contains { $0.hasPrefix("  the window opens at line 1 on a state the model reaches in ") && $0.contains("Prepared received from rm") })
        #expect(w.out.contains { $0.contains("(before the window) TM receives rm") })
        let whole = CapturedConsole()
        #expect(whole.run("diagnose", Self.log("early-commit"), "--from-start", "--config", Self.config, "--gap-steps", "1") == ExitCode.fail)
        #expect(whole.out.last == "result: INCONSISTENT at line 3 (the model cannot write it after the lines before it)")
        #expect(whole.out.contains("  the model would log instead:"))
        #expect(whole.out.contains("    {\"event\":\"abort\"}"))
        #expect(whole.out.contains("  this holds within the gap bounds: --gap-steps 1 cut paths; the next width: --gap-steps 9"))
    }

    @Test("a search a bound stopped is NOT decided (exit 3), naming the bound")
    func notDecided() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("commit"), "--max-states", "2", "--config", Self.config) == ExitCode.partial)
        #expect(c.out.last == "result: NOT decided (search cut short: more than 2 search states (--max-states))")
    }

    @Test("an empty TM log is no evidence (exit 1)")
    func noEvidence() {
        let scratch = Scratch()
        let c = CapturedConsole()
        #expect(c.run("diagnose", scratch.file("empty.log.jsonl", ""), "--config", Self.config) == ExitCode.fail)
        #expect(c.out.last == "result: no evidence (no line of a kind the model knows: nothing to check)")
    }

    @Test("--breaking the one property: the log is consistent, but no behaviour writing it breaks it (exit 1)")
    func breaking() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("commit"), "--breaking", "consistent", "--config", Self.config) == ExitCode.fail)
        #expect(c.out.contains("asked: a behaviour that writes every line and breaks consistent (--breaking: the log is searched as one episode)"))
        #expect(c.out.last == "result: consistent, but no behaviour within the gap bounds that writes it breaks consistent")
    }

    /// Flags two-phase commit's log has no meaning for: one line naming the flag, exit 2, nothing on stdout.
    static let refused: [([String], String)] = [
        (["--events", "prepared,commit"],
         "--events: model two-phase-commit's log has no builds that differ in the events they write (the fleet card's has: --events is for it)"),
        (["--events", "decide,send,broadcast"],
         "--events: model two-phase-commit's log has no builds that differ in the events they write (the fleet card's has: --events is for it)"),
        (["--breaking", "zombie-card:two-phones"],
         "--breaking: 'zombie-card:two-phones' names a cause (CLASS:CAUSE), and model two-phase-commit's properties have no causes (one of: consistent)"),
        (["--breaking", "zombie-card"], "unknown property 'zombie-card' (one of: consistent)"),
        (["--breaking", "all committed"],
         "--breaking: 'all committed' is a reachability goal: it is reached, not broken, so it cannot be asked (one of: consistent)"),
    ]

    @Test("a fleet-only flag is refused naming the flag, exit 2, nothing on stdout", arguments: refused)
    func fleetOnlyFlags(_ flags: [String], _ line: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(["diagnose", Self.log("commit"), "--config", Self.config] + flags, console: c.console) == ExitCode.badInput)
        #expect(c.err == ["cardcheck: " + line])
        #expect(c.out.isEmpty)
    }

    @Test("replay --log writes the TM's log of a trace, which diagnose reads back as consistent")
    func replayLog() throws {
        let scratch = Scratch()
        let trace = scratch.file("t.json", """
            {"format":1,"model":"two-phase-commit","configuration":{"resourceManagers":2},"initialState":0,"steps":[\
            {"kind":"rmPrepare","rm":0},{"kind":"tmReceivePrepared","rm":0},{"kind":"rmChooseToAbort","rm":1},{"kind":"tmAbort"}]}
            """)
        let path = scratch.path + "/t.log.jsonl"
        let c = CapturedConsole()
        #expect(c.run("replay", trace, "--log", path) == ExitCode.pass, "\(c.err)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"event\":\"prepared\",\"rm\":\"rm1\"}\n{\"event\":\"abort\"}\n")
        let config = scratch.file("two.json", "{\"model\":\"two-phase-commit\",\"resourceManagers\":2}")
        let d = CapturedConsole()
        #expect(d.run("diagnose", path, "--from-start", "--config", config) == ExitCode.pass)
    }
}
