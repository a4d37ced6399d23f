import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// A line no behaviour of the world writes, whatever came before it (`FleetWorldAssumption`):
/// decided from the line alone, the search reading only the lines before it (issue 54 item 7:
/// such a log was searched to exhaustion at every gap width first).
@Suite("FleetDiagnosis refused lines")
struct FleetDiagnosisRefusedLineTests {
    /// The committed two-phone log (a start and its sends), its line `k` replaced by `line`.
    static func log(replacing k: Int, with change: (FleetFileLogEvent) -> FleetFileLogEvent, copies: Int = 1) throws -> (FleetSystem, FleetLog) {
        let (model, lines) = try FleetDiagnosisTests.startLog()
        var text = ""
        for c in 0..<copies {
            for (i, l) in lines.enumerated() {
                let event = c == 0 && i == k ? change(l.event) : l.event
                text += FleetLogFile.text(event, time: l.time + Int64(c) * 600_000) + "\n"
            }
        }
        return (model, try FleetDiagnosisTests.log(text))
    }

    static func gone(_ e: FleetFileLogEvent) -> FleetFileLogEvent {
        guard case .send(let a, let t, let env, _) = e else { return e }
        return .send(a, token: t, env: env, status: 410)
    }

    @Test("a send status APNs never gives: inconsistent at that line, only the lines before it searched, the episodes after it not searched")
    func statusNeverGiven() throws {
        let (_, lines) = try FleetDiagnosisTests.startLog()
        let k = try #require(lines.firstIndex { if case .send = $0.event { true } else { false } })
        let (model, log) = try Self.log(replacing: k, with: Self.gone, copies: 3)
        var options = FleetDiagnosisTests.narrow
        options.window = true
        let report = FleetDiagnosisReport.make(model, log, path: "gone", options: options)
        #expect(report.verdict == .inconsistent(line: k + 1))
        #expect(report.lines.contains("INCONSISTENT at line \(k + 1): the model can write lines 1–\(k) (the longest prefix), not line \(k + 1) after them"))
        #expect(report.lines.contains("  no behaviour of this world writes such a line, whatever came before it: the search read only the lines before it"))
        #expect(report.lines.contains { $0.hasPrefix("  it breaks an assumption of this configuration: APNs answers 200") })
        #expect(report.lines.contains { $0.hasPrefix("  episodes 2–3, lines \(lines.count + 1)–\(3 * lines.count): not searched (line \(k + 1) before them") })
        #expect(!report.lines.contains { $0.contains("would log") || $0.hasPrefix("  candidate states there") })
        // One search, of the lines before the refused one: nothing past them read.
        #expect(report.outcomes.count == 1)
        #expect(report.outcomes.allSatisfy { $0.linesOfStep.joined().allSatisfy { $0 < k } })
    }

    @Test("a first line no behaviour writes: inconsistent at line 1 with no search, and no window said to open")
    func firstLineRefused() throws {
        let (model, log) = try Self.log(replacing: 0, with: { e in
            guard case .decide(let a, _, let w, let n, let rows, let more) = e else { return e }
            return .decide(a, tokens: 1000, working: w, needsInput: n, rows: rows, more: more)
        })
        var options = FleetDiagnosisTests.narrow
        options.window = true
        let report = FleetDiagnosisReport.make(model, log, path: "many", options: options)
        #expect(report.verdict == .inconsistent(line: 1))
        #expect(report.outcomes.isEmpty)
        #expect(report.lines.contains("INCONSISTENT at line 1: the model writes no such line in any state"))
        #expect(!report.lines.contains { $0.contains("the window opens") })
    }

    @Test("a window stuck at its first line says no reachable state writes it, not that it opened on one")
    func windowOpensNowhere() throws {
        // A decide update naming a session while it is idle in the one-phone world: writable in
        // no state (the rows say working, the count says none), yet no line rule refuses it.
        let (model, log) = try Self.log(replacing: 0, with: { e in
            guard case .decide(_, let t, _, let n, let rows, let more) = e else { return e }
            return .decide(.update, tokens: t, working: 0, needsInput: n, rows: rows, more: more)
        })
        #expect(FleetWorldAssumption.firstImpossible(model.config, log) == nil)
        var options = FleetDiagnosis.Options(gapWorldBudget: 0, gapSteps: 4)
        options.window = true
        let report = FleetDiagnosisReport.make(model, log, path: "nowhere", options: options)
        #expect(report.verdict == .inconsistent(line: 1))
        #expect(report.lines.contains("INCONSISTENT at line 1: no state the configuration reaches writes it (the window opens nowhere)"))
        #expect(!report.lines.contains { $0.contains("the window opens at line") })
    }
}

extension FleetDiagnosisRefusedLineTests {
    /// The committed raced-adoption log (a start to both phones, an adoption) four times, each
    /// copy's token prefixes its own: a log laid together from pieces.
    static func pieces() throws -> FleetLog {
        let text = try String(contentsOfFile: "Counterexamples/fleet-card/duplicate-start.raced-adoption.log.jsonl", encoding: .utf8)
        let copies = (1...4).map { k in text.replacingOccurrences(of: "\"token\":\"70ce", with: "\"token\":\"\(k)0ce") }
        return try FleetDiagnosisTests.log(copies.joined())
    }

    @Test("one behaviour names at most as many push-to-start tokens in its starts as the world holds: the line naming one more, in worlds that add none")
    func beyondOneBehaviour() throws {
        let log = try Self.pieces()
        // Lines 2 and 4 name 10ce0001 and 10ce0002; line 6 names 20ce0001, a third.
        let two = try FleetWorldsDiagnosisTests.world("fleet-card")
        let found = try #require(FleetWorldAssumption.firstBeyondOneBehaviour(two, log))
        #expect(found.index == 5)
        #expect(found.why.contains("the starts before this line named 10ce0001, 10ce0002, and this one names 20ce0001"))
        // Dev builds add sandbox tokens only: the production ones are the phones' still.
        var devBuilds = two
        devBuilds.world.devBuildLaunch = true
        #expect(FleetWorldAssumption.firstBeyondOneBehaviour(devBuilds, log)?.index == 5)
        let sandbox = try FleetDiagnosisTests.log(
            try String(contentsOfFile: "Counterexamples/fleet-card/duplicate-start.raced-adoption.log.jsonl", encoding: .utf8)
                .replacingOccurrences(of: "production", with: "sandbox").replacingOccurrences(of: "70ce0002", with: "70ce0003"))
        #expect(FleetWorldAssumption.firstBeyondOneBehaviour(devBuilds, sandbox) == nil)
        // Push-to-start rotation mints a token at each launch: no such line.
        var rotating = two
        rotating.world.pushToStartRotation = true
        #expect(FleetWorldAssumption.firstBeyondOneBehaviour(rotating, log) == nil)
        // A stale sandbox corpse is one sandbox token more, none in production.
        var corpse = two
        corpse.staleSandboxTokens = true
        #expect(FleetWorldAssumption.firstBeyondOneBehaviour(corpse, log)?.index == 5)
    }

    @Test("a split log named past the world's push-to-start tokens is NOT one behaviour at that line or before: the carried search stops where that line's episode begins")
    func piecesOrBefore() throws {
        let (model, _) = try FleetDiagnosisTests.startLog()
        let report = FleetDiagnosisReport.make(model, try Self.pieces(), path: "pieces", options: FleetDiagnosisTests.narrow)
        #expect(report.verdict == .pieces(line: 6))
        #expect(report.lines.last == "result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line 6 or before)")
        #expect(report.lines.contains("NOT past line 6: no behaviour from line 1 writes it; it writes lines 1–4, and where between them and line 6 it breaks was not searched"))
        #expect(report.lines.contains { $0.hasPrefix("  one behaviour of this world sends starts to 2 production push-to-start token(s) at most") })
        // Every episode searched afresh, and no search spent at a join.
        #expect(report.outcomes.reduce(0) { $0 + $1.candidates } < 5_000)
        #expect(report.lines.filter { $0.contains("consistent only as a behaviour of its own") }.count == 3)
    }
}
