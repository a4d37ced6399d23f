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
        (["check", at("trailing-comma-array")], 2, "\(at("trailing-comma-array")): not valid JSON: $.sessions: trailing comma"),
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
        (["check", at("utf16")], 2, "\(at("utf16")): not valid JSON: UTF-16 or UTF-32 text; a configuration or trace must be UTF-8"),
        (["check", at("nan")], 2, "\(at("nan")): not valid JSON: $.small: unexpected 'N' at line 1, column 32"),
        (["check", at("truncated-literal")], 2, "\(at("truncated-literal")): not valid JSON: $.x: truncated (the document ends here)"),
        (["check", at("key-newline")], 2, "\(at("key-newline")): $.a\\nb: unknown key (expected one of: small, big, target)"),
        (["check", at("model-nul")], 2,
         "\(at("model-nul")): unknown model \"\\u{0}\" (one of: \(ModelCatalog.names.joined(separator: ", ")))"),
        (["check", at("fleet-fraction-bool")], 2, "\(at("fleet-fraction-bool")): $.staleSandboxTokens: expected true or false"),
        (["check", at("fleet-long-key")], 2,
         "\(at("fleet-long-key")): $.world.\(String(repeating: "k", count: 37))...: unknown key '\(String(repeating: "k", count: 37))...'"),
        (["mutants", at("fleet-override-hosts")], 2, "\(at("fleet-override-hosts")): $.mutantOverrides.dedupe.hosts: must be between 1 and 2, got 5"),
        (["mutants", at("fleet-override-depth")], 2, "\(at("fleet-override-depth")): $.mutantOverrides.dedupe.depth: must be between 1 and 200, got 201"),
        (["check", at("fleet-override-no-devices")], 2,
         "\(at("fleet-override-no-devices")): $.mutantOverrides.dedupe.devices: must have 1 to 3 entries, got 0"),
        // More phones than the fleet state holds (`FleetState.deviceCapacity`, 3).
        (["check", at("fleet-four-phones")], 2, "\(at("fleet-four-phones")): $.devices: must have 1 to 3 entries, got 4"),
        (["diagnose", log("log-bad-env"), "--config", at("fleet-four-phones")], 2, "\(at("fleet-four-phones")): $.devices: must have 1 to 3 entries, got 4"),
        (["mutants", at("fleet-override-session-host")], 2,
         "\(at("fleet-override-session-host")): $.mutantOverrides.dedupe.sessions[0].host: names host 1, but hosts is 1 (hosts are numbered from 0)"),
        (["check", at("fleet-session-host")], 2,
         "\(at("fleet-session-host")): $.sessions[0].host: names host 1, but hosts is 1 (hosts are numbered from 0)"),
        (["check", at("fleet-expected-typo")], 2,
         "\(at("fleet-expected-typo")): $.expectedFindings[0].property: no property \"zombie-card:two-phone\" in fleet-card (did you mean \"zombie-card:two-phones\"?)"),
        (["check", at("fleet-bad-activity")], 2,
         "\(at("fleet-bad-activity")): $.world.sessionActivities[1]: \"sleeping\" is not one of: idle, working, needsInput, blocked"),
        (["simulate", at("fleet-bad-environment")], 2,
         "\(at("fleet-bad-environment")): $.devices[0].environment: \"staging\" is not one of: sandbox, production"),
        (["check", at("fleet-bad-count-trust")], 2,
         "\(at("fleet-bad-count-trust")): $.variants.countTrust: \"liveFetchOfEveryUpHosts\" is not one of: noHostKnownDown, liveFetchOfEveryUpHost"),
        (["mutants", at("fleet-older-push-to-start-number")], 2,
         "\(at("fleet-older-push-to-start-number")): $.variants.olderPushToStartHonoured: expected true or false"),
        (["check", "Models/die-hard.json/x.json"], 2, "Models/die-hard.json/x.json: no such file (a part of the path is a file, not a directory)"),
        (["check", ""], 2, "an empty file name ('')"),
        (["check", "Tests/Corpus/CardcheckCLI"], 2, "Tests/Corpus/CardcheckCLI: is a directory, not a file"),
        (["check", "/dev/null"], 2, "/dev/null: empty file"),
        (["check", "Tests/Corpus/CardcheckCLI/none.json"], 2, "Tests/Corpus/CardcheckCLI/none.json: no such file"),
    ]

    static let traces: [([String], Int32, String)] = [
        (["replay", at("trace-unknown-key")], 2, "\(at("trace-unknown-key")): $.stepz: unknown key in a trace"),
        (["replay", at("trace-model-mismatch")], 2,
         "\(at("trace-model-mismatch")): $.configuration.model: not the trace's model \"fleet-card\""),
        (["replay", at("trace-newer-format")], 2, "\(at("trace-newer-format")): trace format 99 is newer than this cardcheck reads (1)"),
        (["replay", at("trace-bad-configuration")], 2, "\(at("trace-bad-configuration")): $.configuration.hosts: must be between 1 and 2, got 7"),
        (["replay", at("empty")], 2, "\(at("empty")): empty file"),
        (["replay", at("trace-initial-string")], 2,
         "\(at("trace-initial-string")): $.initialState: expected an integer (the index of an initial state)"),
        (["replay", at("trace-minimization-unknown")], 2,
         "\(at("trace-minimization-unknown")): $.minimization: expected one of: \"none\", \"shortest\", \"1-minimal\", \"shortest, 1-minimal\""),
        (["replay", at("trace-step-wrong-type")], 2, "\(at("trace-step-wrong-type")): $.steps[0].openApp._0: not a fleet-card action"),
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
        (["check", "Models/die-hard.json", "--max-states", "0"], 2, "--max-states must be an integer from 1 to 1099511627774, got '0'"),
        (["check", "Models/die-hard.json", "--time-limit", "x"], 2, "--time-limit must be an integer from 1 to 1000000, got 'x'"),
        (["bench", "--threads", "65"], 2, "--threads must be an integer from 1 to 64, got '65'"),
        (["pr", "--threads", "65"], 2, "--threads must be an integer from 1 to 64, got '65'"),
        (["merge", "Tests/Corpus/CardcheckCLI"], 2, "Tests/Corpus/CardcheckCLI: is a directory, not a file"),
        (["bench", "--threads=1000000000"], 2, "--threads must be an integer from 1 to 64, got '1000000000'"),
        (["bench-harness", "--only", "bound5"], 2, "--only is only used with --challenge"),
        (["bench-harness", "--misses=-1"], 2, "--misses is only used with --challenge"),
        (["bench-harness", "--challenge", "--cases", "5"], 2, "--cases is not used with --challenge"),
        (["bench-harness", "--challenge", "--only", ","], 2, "--only needs challenge names separated by commas, got ','"),
        (["bench-harness", "--challenge", "--only", "bound5,"], 2, "--only needs challenge names separated by commas, got 'bound5,'"),
        (["check", "Models/die-hard.json", "--save", "a\nb", "--depth", "0"], 2, "--depth must be an integer from 1 to 100000, got '0'"),
        (["check", "Models/die-hard.json", "--bogus\u{1b}[31m"], 2,
         "unknown flag '--bogus\\u{1b}[31m' for cardcheck check (try: cardcheck check --help)"),
    ]

    static func log(_ name: String) -> String { dir + name + ".log.jsonl" }

    /// Server logs for `diagnose`: one line naming the file, the line and what was expected.
    static let logs: [([String], Int32, String)] = [
        (["diagnose", log("log-bad-env")], 2, "\(log("log-bad-env")): line 2: $.env: expected \"production\" or \"sandbox\""),
        (["diagnose", log("log-empty-line")], 2, "\(log("log-empty-line")): line 2: expected a JSON object, got an empty line"),
        (["diagnose", log("log-truncated")], 2,
         "\(log("log-truncated")): line 2: expected a JSON object: truncated (the document ends here)"),
        (["diagnose", log("log-bad-time")], 2,
         "\(log("log-bad-time")): line 1: $.t: expected a timestamp like 2026-10-14T21:03:12.480Z"),
        (["diagnose", log("log-negative-count")], 2, "\(log("log-negative-count")): line 1: $.tokens: expected a non-negative integer"),
        (["diagnose", log("log-bad-row")], 2,
         "\(log("log-bad-row")): line 1: $.rows[0]: expected \"sid:working\" or \"sid:needsInput\""),
        (["diagnose", log("log-bad-bool")], 2, "\(log("log-bad-bool")): line 1: $.hadActive: expected true or false"),
        (["diagnose", log("log-unknown-kind"), "--strict"], 2,
         "\(log("log-unknown-kind")): line 1: $.event: unknown event kind \"tick-skipped\" (refused under --strict; known: "
            + "decide, send, no-tokens, none-accepted, partial, client-ended, adopted, start-vetoed, broadcast)"),
        (["diagnose", log("log-bad-env"), "--config", "Models/die-hard.json"], 2,
         "Models/die-hard.json: model \"die-hard\" writes no server log to diagnose"),
        (["diagnose", log("none")], 2, "\(log("none")): no such file"),
        (["diagnose", log("log-bad-env"), "--gap-steps", "0"], 2, "--gap-steps must be an integer from 1 to 64, got '0'"),
        // A transaction manager's log (two-phase commit's reader).
        (["diagnose", log("tm-bad-rm"), "--config", "Models/two-phase-commit.json"], 2,
         "\(log("tm-bad-rm")): line 2: $.rm: expected a non-empty resource manager name"),
        (["diagnose", log("tm-unknown-kind"), "--config", "Models/two-phase-commit.json"], 2,
         "\(log("tm-unknown-kind")): line 2: $.event: unknown event kind \"vote\" (a transaction manager's log has: prepared, commit, abort)"),
        (["diagnose", log("log-bad-env"), "--config", "Models/two-phase-commit.json"], 2,
         "\(log("log-bad-env")): line 1: $.event: unknown event kind \"adopted\" (a transaction manager's log has: prepared, commit, abort)"),
    ]

    @Test("every bad server log is one line naming the file, the line and what was expected; nothing on stdout", arguments: logs)
    func serverLog(_ args: [String], _ code: Int32, _ line: String) { expect(args, code, line) }

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

    @Test("a step naming an actor the trace's configuration lacks, or a missing initial state, is one line, exit 2; nothing is rendered")
    func actorOutOfRange() {
        let phones = "out of range: the trace's configuration has 2 phones (0...1)"
        expect(["replay", Self.at("trace-phone-99")], 2, "\(Self.at("trace-phone-99")): $.steps[0]: phone index 99 \(phones)")
        expect(["replay", Self.at("trace-phone-minus-1")], 2, "\(Self.at("trace-phone-minus-1")): $.steps[0]: phone index -1 \(phones)")
        expect(
            ["replay", Self.at("trace-phone-int-max")], 2,
            "\(Self.at("trace-phone-int-max")): $.steps[0]: phone index 9223372036854775807 \(phones)")
        expect(
            ["replay", Self.at("trace-checkin-goal-int-max")], 2,
            "\(Self.at("trace-checkin-goal-int-max")): $.steps[0]: habit index 9223372036854775807 out of range: "
                + "the trace's configuration has 2 habits (0...1)")
        expect(
            ["replay", Self.at("trace-initial-minus-1")], 2,
            "\(Self.at("trace-initial-minus-1")): $.initialState: index -1 out of range: the model has 1 initial state (0...0)")
    }

    @Test("a FIFO nobody writes to reads as empty, never a hang; a symbolic-link loop is named as one")
    func specialFiles() throws {
        let scratch = Scratch()
        let fifo = scratch.path + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = scratch.path + "/loop.json"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        expect(["check", fifo], 2, "\(fifo): empty file")
        expect(["replay", loop], 2, "\(loop): too many levels of symbolic links")
    }

    @Test("a UTF-8 byte-order mark is skipped: the configuration runs")
    func byteOrderMark() {
        let c = CapturedConsole()
        #expect(c.run("check", Self.at("bom")) == 1)
        #expect(c.out.first == "die-hard: 16 distinct states, 96 transitions, depth 7, exhaustive (frontier emptied)")
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
