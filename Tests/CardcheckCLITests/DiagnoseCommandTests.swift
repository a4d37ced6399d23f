import Foundation
import Testing
@testable import CardcheckCLI

/// `cardcheck diagnose`: the verdicts and their exit codes, unknown kinds, the logs the other
/// commands write, and the example Docs/diagnose.md shows.
@Suite("DiagnoseCommand")
struct DiagnoseCommandTests {
    static let example = "Counterexamples/fleet-card/zombie-card.two-phones.log.jsonl"

    /// A log whose witness breaks a property on the way, with an adopted after its start.
    static let raced = "Counterexamples/fleet-card/duplicate-start.raced-adoption.log.jsonl"

    @Test("a committed counterexample's log is consistent (exit 0): witness, broken property, the 90 s rule")
    func consistentExample() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.raced, "--from-start", "--config", "Models/fleet-card.json") == ExitCode.pass)
        #expect(c.out.contains("result: consistent (one behaviour of the model writes every line)"))
        #expect(c.out.contains { $0.hasPrefix("  duplicate-start:raced-adoption at step ") })
        #expect(c.out.contains { $0.contains("adopted at line") && $0.contains("look at delivery or content") })
        #expect(c.err.isEmpty)
    }

    @Test("a log the model cannot write is inconsistent at its line (exit 1), with what the model would log instead")
    func inconsistent() throws {
        let scratch = Scratch()
        var lines = try String(contentsOfFile: Self.example, encoding: .utf8).split(separator: "\n").map(String.init)
        let k = try #require(lines.firstIndex { $0.contains("\"event\":\"send\"") })
        // The first send after a decide start sends an end: no line rule refuses it, so only a
        // search that tries every behaviour within the bounds says no behaviour writes it there.
        lines[k] = lines[k].replacingOccurrences(of: "\"apnsEvent\":\"start\"", with: "\"apnsEvent\":\"end\"")
        let path = scratch.file("flipped.log.jsonl", lines.joined(separator: "\n") + "\n")
        let c = CapturedConsole()
        #expect(c.run("diagnose", path, "--from-start", "--config", "Models/fleet-card.json", "--gap-steps", "6", "--gap-budget", "0") == ExitCode.fail)
        #expect(c.out.contains("result: INCONSISTENT at line \(k + 1) (the model cannot write it after the lines before it)"))
        #expect(c.out.contains("  the model would log instead:"))
        #expect(c.out.contains { $0.hasPrefix("  candidate states there: ") })
    }

    @Test("a line the model writes in no state (a status APNs never gives) is inconsistent at once: the assumption named, nothing searched past the line before it")
    func refusedLine() throws {
        let scratch = Scratch()
        var lines = try String(contentsOfFile: Self.example, encoding: .utf8).split(separator: "\n").map(String.init)
        let k = try #require(lines.firstIndex { $0.contains("\"event\":\"send\"") })
        lines[k] = lines[k].replacingOccurrences(of: "\"status\":200", with: "\"status\":410")
        let path = scratch.file("flipped.log.jsonl", lines.joined(separator: "\n") + "\n")
        let c = CapturedConsole()
        // The default gap bounds: before, every behaviour within them was tried first (seconds in release).
        #expect(c.run("diagnose", path, "--config", "Models/fleet-card.json") == ExitCode.fail)
        #expect(c.out.contains("result: INCONSISTENT at line \(k + 1) (the model cannot write it after the lines before it)"))
        #expect(c.out.contains("  it breaks an assumption of this configuration: APNs answers 200 or the request fails (status 0): a dead token answers 200 too, and no status 410 is given"))
        #expect(c.out.contains("  no behaviour of this world writes such a line, whatever came before it: the search read only the lines before it"))
        #expect(!c.out.contains { $0.hasPrefix("  candidate states there: ") })
    }

    @Test("an unknown event kind is skipped and counted; extra fields are ignored")
    func unknownSkipped() {
        let c = CapturedConsole()
        _ = c.run("diagnose", "Tests/Corpus/CardcheckCLI/log-unknown-kind.log.jsonl", "--from-start", "--config", "Models/fleet-card.json")
        #expect(c.out.contains("skipped 1 line(s) of unknown event kinds: \"tick-skipped\" ×1 (first at line 1)"))
        #expect(c.err.isEmpty)
    }

    @Test("--breaking with a name that is no property (or a reach: goal, which exists but cannot be asked) is refused with the list, exit 2, nothing on stdout",
          arguments: ["no-such-property", "reach:card-shown"])
    func breakingUnknown(_ name: String) {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.example, "--breaking", name, "--config", "Models/fleet-card.json") == ExitCode.badInput)
        #expect(c.out.isEmpty)
        #expect(c.err.count == 1)
        let why = name.hasPrefix("reach:")
            ? "cardcheck: --breaking: '\(name)' is a reachability goal: it is reached, not broken, so it cannot be asked (one of: duplicate-card,"
            : "cardcheck: unknown property '\(name)' (one of: duplicate-card,"
        #expect(c.err.first?.hasPrefix(why) == true, "\(c.err)")
        #expect(c.err.first?.contains("zombie-card:two-phones") == true)
        #expect(c.err.first?.split(separator: "(one of: ").last?.contains("reach:") == false)
    }

    @Test("a log repeating one episode: later searches are answered by earlier ones, and --no-reuse makes each search for the same report")
    func reuse() throws {
        let scratch = Scratch()
        let piece = try String(contentsOfFile: Self.raced, encoding: .utf8).split(separator: "\n").map(String.init)
        // Four copies, each with token prefixes of its own (as Scripts/fleet-long-log.py writes).
        let copies = (1...4).flatMap { k in piece.map { $0.replacingOccurrences(of: "\"token\":\"70ce", with: "\"token\":\"\(k)0ce") } }
        let path = scratch.file("repeated.log.jsonl", copies.joined(separator: "\n") + "\n")
        let reused = CapturedConsole(), fresh = CapturedConsole()
        // Four behaviours laid end to end (each copy's tokens its own): not one behaviour.
        // Gaps with no world action: the carried behaviour is stuck at line 5 (its card still held) at once.
        let narrow = ["--gap-steps", "6", "--gap-budget", "0"]
        #expect(CardcheckCommand.run(["diagnose", path, "--from-start", "--config", "Models/fleet-card.json"] + narrow, console: reused.console) == ExitCode.fail)
        #expect(CardcheckCommand.run(["diagnose", path, "--no-reuse", "--from-start", "--config", "Models/fleet-card.json"] + narrow, console: fresh.console) == ExitCode.fail)
        let searchLine = { (c: CapturedConsole) in c.out.filter { $0.hasPrefix("search: ") } }
        #expect(searchLine(reused).count == 1 && searchLine(reused)[0].contains("answered by an earlier one"))
        #expect(searchLine(fresh).count == 1 && !searchLine(fresh)[0].contains("answered by an earlier one"))
        #expect(reused.out.filter { !$0.hasPrefix("search: ") } == fresh.out.filter { !$0.hasPrefix("search: ") })
        #expect(reused.out.contains { $0.hasPrefix("episodes: 4 ") })
    }

    @Test("a search cut short by --max-states is a partial report, exit 3")
    func cutShort() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.example, "--max-states", "5", "--from-start", "--config", "Models/fleet-card.json") == ExitCode.partial)
        #expect(c.out.last?.hasPrefix("result: NOT decided (search cut short: more than 5 search states (--max-states))") == true)
    }

    @Test("replay --log writes the committed log of a counterexample, byte for byte")
    func replayWritesTheLog() throws {
        let scratch = Scratch()
        let path = scratch.path + "/out.log.jsonl"
        let c = CapturedConsole()
        #expect(c.run("replay", "Counterexamples/fleet-card/zombie-card.two-phones.json", "--log", path) == ExitCode.pass)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(contentsOfFile: Self.example, encoding: .utf8))
    }

    @Test("a log of nothing the model knows (one line, or an empty file replay --log wrote) is no evidence, exit 1")
    func noEvidence() throws {
        let scratch = Scratch()
        let unknown = scratch.file("unknown.log.jsonl", "{\"t\":\"2026-10-02T07:00:01Z\",\"event\":\"tick-skipped\"}\n")
        let empty = scratch.file("empty.log.jsonl", "")
        for path in [unknown, empty] {
            let c = CapturedConsole()
            #expect(c.run("diagnose", path, "--config", "Models/fleet-card.json") == ExitCode.fail)
            #expect(c.out.last == "result: no evidence (no line of a kind the model knows: nothing to check)")
            #expect(c.err.isEmpty, "\(c.err)")
        }
    }

    @Test("--events: a kind it does not list is refused, and so is a log line of a kind the build is said not to write")
    func eventsRefused() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.example, "--events", "decide,sends", "--config", "Models/fleet-card.json") == ExitCode.badInput)
        #expect(c.err.first?.hasPrefix("cardcheck: --events: unknown event kind 'sends'") == true, "\(c.err)")
        let d = CapturedConsole()
        #expect(d.run("diagnose", Self.example, "--events", "decide", "--config", "Models/fleet-card.json") == ExitCode.badInput)
        #expect(d.err.first == "cardcheck: \(Self.example): line 2: $.event: \"send\" is not among the kinds --events says the build wrote", "\(d.err)")
        #expect(c.out.isEmpty && d.out.isEmpty)
    }
}
