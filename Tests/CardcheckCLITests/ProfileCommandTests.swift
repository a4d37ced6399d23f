import CIRun
import Foundation
import Testing
@testable import CardcheckCLI

@Suite struct ProfileCommandTests {
    static func profiles(_ scratch: Scratch) -> String {
        scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [ {"configuration": "die-hard"}, {"configuration": "two-phase-commit"} ], "mutants": [], "simulate": [] },
              "nightly": { "check": [], "mutants": [], "simulate": [] } }
            """)
    }

    static func baseline(_ scratch: Scratch, _ entries: [(String, String)]) -> String {
        let items = entries.map { #"{"configuration": "\#($0.0)", "property": "\#($0.1)", "reason": "r", "waitsOn": "w"}"# }
        return scratch.file("baseline-\(entries.count)-\(entries.first?.1.count ?? 0).json",
            #"{"format": "cardcheck-accepted-findings", "version": 1, "findings": [\#(items.joined(separator: ","))]}"#)
    }

    func pr(_ scratch: Scratch, baseline: String) -> (code: Int32, console: CapturedConsole, report: CIReport?) {
        let c = CapturedConsole()
        let out = scratch.path + "/out-\(UUID().uuidString)"
        let code = c.run("pr", "--profiles", Self.profiles(scratch), "--baseline", baseline, "--out", out, "--threads", "1")
        return (code, c, try? CIReport.load(path: out + "/report.json"))
    }

    @Test("pr passes when its violations are exactly the accepted findings, and links the stories")
    func passes() throws {
        let scratch = Scratch()
        let run = pr(scratch, baseline: Self.baseline(scratch, [("die-hard", "big is not the target")]))
        #expect(run.code == 0)
        let report = try #require(run.report)
        #expect(report.baseline.accepted == 1 && !report.baseline.changed)
        let story = try #require(report.jobs.first { $0.configuration == "die-hard" }?.properties.first?.story)
        #expect(story == "counterexamples/die-hard/big-is-not-the-target.md")
        #expect(run.console.out.first == "## cardcheck pr: pass")
    }

    @Test("pr fails on a finding the baseline does not list")
    func failsOnNew() throws {
        let scratch = Scratch()
        let run = pr(scratch, baseline: Self.baseline(scratch, []))
        #expect(run.code == 1)
        #expect(run.report?.baseline.new.map(\.property) == ["big is not the target"])
        #expect(run.console.out.contains("- `die-hard`: **big is not the target** — [story](counterexamples/die-hard/big-is-not-the-target.md)"))
    }

    @Test("pr fails on an accepted finding that no longer appears")
    func failsOnGone() throws {
        let scratch = Scratch()
        let run = pr(scratch, baseline: Self.baseline(scratch, [("die-hard", "big is not the target"), ("two-phase-commit", "consistent")]))
        #expect(run.code == 1)
        #expect(run.report?.baseline.gone.map(\.property) == ["consistent"])
        #expect(run.report?.baseline.new == [])
    }

    @Test("--time-limit ends a run with its partial report: the job cut short fails it, exit 3")
    func timeLimit() throws {
        let scratch = Scratch()
        _ = scratch.file("big.json", #"{"model": "two-phase-commit", "resourceManagers": 9}"#)
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1, "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "big"} ], "mutants": [], "simulate": [] } }
            """)
        let c = CapturedConsole()
        let out = scratch.path + "/out"
        #expect(c.run("nightly", "--profiles", profiles, "--models", scratch.path, "--baseline", Self.baseline(scratch, []),
                      "--out", out, "--time-limit", "1", "--threads", "1") == ExitCode.partial)
        let report = try CIReport.load(path: out + "/report.json")
        #expect(!report.passed)
        #expect(report.jobs.map(\.stopReason) == ["time limit reached"])
        #expect(report.jobs.map(\.detail) == ["not exhaustive (time limit reached)"])
    }

    @Test("bad input is one line and exit 2", arguments: [
        (["nightly", "--shard", "3/2"], "cardcheck: --shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '3/2'"),
        (["pr", "--shard", "1/2"], "cardcheck: unknown flag '--shard' for cardcheck pr (try: cardcheck pr --help)"),
        (["merge"], "cardcheck: cardcheck merge takes one or more shard reports (try: cardcheck merge --help)"),
        (["merge", "/nonexistent/report.json"], "cardcheck: /nonexistent/report.json: no such file"),
        (["pr", "--baseline", "/nonexistent.json"], "cardcheck: /nonexistent.json: no such file"),
    ])
    func badInput(arguments: [String], message: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(arguments, console: c.console) == 2)
        #expect(c.err == [message])
    }
}
