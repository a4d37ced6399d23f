import Foundation
import Testing
@testable import CardcheckCLI

/// The committed corpus of bad inputs (Tests/Corpus/CardcheckCLI): each gives its exit code
/// and exactly this first line, and never a trap.
@Suite("BadInputCorpus")
struct BadInputCorpusTests {
    static let dir = "Tests/Corpus/CardcheckCLI/"
    static func at(_ name: String) -> String { dir + name + ".json" }

    /// (arguments, exit code, first line on stderr).
    static let configs: [([String], Int32, String)] = [
        (["check", at("typo-key")], 2, "\(at("typo-key")): $.smal: unknown key (expected one of: small, big, target)"),
        (["check", at("duplicate-key")], 2, "\(at("duplicate-key")): not valid JSON: $.small: duplicate key"),
        (["check", at("duplicate-model")], 2, "\(at("duplicate-model")): not valid JSON: $.model: duplicate key"),
        (["check", at("trailing-comma")], 2, "\(at("trailing-comma")): not valid JSON: trailing comma"),
        (["check", at("wrong-type")], 2, "\(at("wrong-type")): $.processes: expected an integer"),
        (["check", at("not-integer")], 2, "\(at("not-integer")): $.processes: expected an integer, got 1.5"),
        (["check", at("overflow")], 2, "\(at("overflow")): not valid JSON: $.processes: integer out of range (more than 64 bits)"),
        (["check", at("out-of-range")], 2, "\(at("out-of-range")): $.processes: must be between 1 and 16, got 17"),
        (["check", at("empty")], 2, "\(at("empty")): empty file"),
        (["check", at("not-object")], 2, "\(at("not-object")): not a JSON object"),
        (["check", at("model-not-string")], 2, "\(at("model-not-string")): $.model: expected a string"),
        (["check", at("unknown-model")], 2,
         "\(at("unknown-model")): unknown model \"three-phase-commit\" (one of: \(ModelCatalog.names.joined(separator: ", ")))"),
        (["check", at("no-model")], 2, "\(at("no-model")): no \"model\" key (one of: \(ModelCatalog.names.joined(separator: ", ")))"),
        (["check", at("trailing-text")], 2, "\(at("trailing-text")): not valid JSON: unexpected text after the document"),
        (["check", at("fleet-depth-201")], 2, "\(at("fleet-depth-201")): $.bounds.depth: must be between 1 and 200, got 201"),
        (["check", at("fleet-budget-13")], 2, "\(at("fleet-budget-13")): $.bounds.worldBudget: must be between 0 and 12, got 13"),
        (["check", at("fleet-hosts-fraction")], 2, "\(at("fleet-hosts-fraction")): $.hosts: expected an integer, got 1.5"),
        (["check", at("fleet-unknown-world-key")], 2, "\(at("fleet-unknown-world-key")): $.world.hostOutag: unknown key 'hostOutag'"),
        (["check", at("fleet-host-out-of-range")], 2, "\(at("fleet-host-out-of-range")): $.sessions[0].host: must be between 0 and 1, got 5"),
        (["simulate", at("duplicate-model")], 2, "\(at("duplicate-model")): not valid JSON: $.model: duplicate key"),
        (["mutants", at("trailing-comma")], 2, "\(at("trailing-comma")): not valid JSON: trailing comma"),
        (["check", "Tests/Corpus/CardcheckCLI"], 2, "Tests/Corpus/CardcheckCLI: is a directory, not a file"),
        (["check", "/dev/null"], 2, "/dev/null: empty file"),
        (["check", "Tests/Corpus/CardcheckCLI/none.json"], 2, "Tests/Corpus/CardcheckCLI/none.json: no such file"),
    ]

    static let traces: [([String], Int32, String)] = [
        (["replay", at("trace-unknown-key")], 2, "\(at("trace-unknown-key")): $.stepz: unknown key in a trace"),
        (["replay", at("trace-model-mismatch")], 2,
         "\(at("trace-model-mismatch")): $.configuration.model: not the trace's model \"fleet-card\""),
        (["replay", at("trace-newer-format")], 2, "\(at("trace-newer-format")): trace format 99 is newer than this cardcheck reads (1)"),
        (["replay", at("trace-bad-configuration")], 2, "\(at("trace-bad-configuration")): $.hosts: must be between 1 and 2, got 7"),
        (["replay", at("empty")], 2, "\(at("empty")): empty file"),
    ]

    static let flags: [([String], Int32, String)] = [
        (["check", "Models/fleet-card.json", "--depth", "201"], 2, "--depth must be an integer from 1 to 200, got '201'"),
        (["check", "--budget=13", "Models/fleet-card.json"], 2, "--budget must be an integer from 0 to 12, got '13'"),
        (["check", "Models/fleet-card.json", "--depth", "-1"], 2, "--depth must be an integer from 1 to 200, got '-1'"),
        (["check", "Models/fleet-card.json", "--depth", "0"], 2, "--depth must be an integer from 1 to 200, got '0'"),
        (["check", "Models/fleet-card.json", "--depth", "abc"], 2, "--depth must be an integer from 1 to 200, got 'abc'"),
        (["check", "Models/fleet-card.json", "--budget", "-1"], 2, "--budget must be an integer from 0 to 12, got '-1'"),
        (["check", "--threads", "1000000000", "Models/die-hard.json"], 2, "--threads must be an integer from 1 to 64, got '1000000000'"),
        (["check", "--threads=0", "Models/die-hard.json"], 2, "--threads must be an integer from 1 to 64, got '0'"),
        (["check", "Models/die-hard.json", "--depth"], 2, "--depth needs a value"),
        (["check", "Models/die-hard.json", "--count=yes"], 2, "--count takes no value"),
        (["check", "Models/die-hard.json", "--depth", "3", "--depth=4"], 2, "--depth given twice"),
        (["check", "Models/die-hard.json", "--frobnicate"], 2, "unknown flag '--frobnicate' for cardcheck check (try: cardcheck check --help)"),
        (["mutants", "Models/fleet-card.json", "--only", ""], 2, "--only needs guard names separated by commas, got ''"),
        (["mutants", "Models/fleet-card.json", "--only", "dedupe,"], 2, "--only needs guard names separated by commas, got 'dedupe,'"),
        (["mutants", "Models/die-hard.json"], 2, "Models/die-hard.json: model \"die-hard\" has no guard mutants"),
        (["simulate", "Models/die-hard.json", "--walks", "0"], 2, "--walks must be an integer from 1 to 1000000000, got '0'"),
        (["check", "Models/die-hard.json", "--max-states", "0"], 2, "--max-states must be an integer from 1 to 4294967294, got '0'"),
        (["check", "Models/die-hard.json", "--time-limit", "x"], 2, "--time-limit must be an integer from 1 to 1000000, got 'x'"),
    ]

    @Test("every bad configuration is one line naming the file, the JSON path and what was expected", arguments: configs)
    func config(_ args: [String], _ code: Int32, _ line: String) { expect(args, code, line) }

    @Test("every bad trace is one line, before anything is rendered", arguments: traces)
    func trace(_ args: [String], _ code: Int32, _ line: String) { expect(args, code, line) }

    @Test("every bad flag is one line, the same bounds as in the file", arguments: flags)
    func flag(_ args: [String], _ code: Int32, _ line: String) { expect(args, code, line) }

    func expect(_ args: [String], _ code: Int32, _ line: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(args, console: c.console) == code)
        #expect(c.err == ["cardcheck: " + line])
        #expect(c.out.isEmpty)
    }

    @Test("a step naming phone 99 or -1 is a divergence at that step, never a trap; nothing of it is rendered")
    func actorOutOfRange() {
        for name in ["trace-phone-99", "trace-phone-minus-1"] {
            let c = CapturedConsole()
            #expect(c.run("replay", Self.at(name)) == 1)
            #expect(c.out.first == "\(Self.at(name)): fleet-card, 10 steps, property \"missing-card:two-phones\"")
            #expect(c.out.last?.hasPrefix("diverged: step 1 (") == true)
            #expect(c.out.last?.hasSuffix(") is not enabled") == true)
        }
        let c = CapturedConsole()
        #expect(c.run("replay", Self.at("trace-initial-minus-1")) == 1)
        #expect(c.out.last == "diverged: the model has no initial state -1")
    }

    @Test("a huge description is not echoed: every line printed stays short")
    func hugeDescription() throws {
        let scratch = Scratch()
        var json = try String(contentsOfFile: "Models/fleet-card.json", encoding: .utf8)
        json = json.replacingOccurrences(
            of: "\"description\": \"", with: "\"description\": \"" + String(repeating: "x", count: 1_000_000))
        let path = scratch.file("huge.json", json)
        let c = CapturedConsole()
        _ = c.run("check", path, "--max-states", "50", "--threads", "1")
        #expect(c.out.first == "fleet-card: " + String(repeating: "x", count: 197) + "...")
        #expect(c.out.allSatisfy { $0.count < 2_000 })
    }

    @Test("a write that fails ends the run with exit 4 and a line on stderr")
    func failedOutput() {
        var errors: [String] = []
        let console = Console(out: { _ in false }, err: { errors.append($0); return true }, errorIsTerminal: false)
        #expect(CardcheckCommand.run(["check", "Models/die-hard.json"], console: console) == ExitCode.outputFailed)
        #expect(errors == ["cardcheck: cannot write to standard output (disk full or stream closed)"])
    }
}
