import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// The verdicts a real server's log needs (issue 46): a log is a window, "consistent" means one
/// behaviour, the build's events, a property class asked for, and a log with nothing to check.
/// Hand-written logs in the real format, in the one-phone world (small enough for a debug build).
@Suite("FleetDiagnosisWindow")
struct FleetDiagnosisWindowTests {
    static let onePhone = "Models/fleet-card-one-phone.json"

    /// A log of `lines` (JSON text without `t`), one line every 2 s from 07:00:01.
    static func log(_ lines: [String]) throws -> FleetLog {
        let text = lines.enumerated().map { k, l in
            "{\"t\":\"2026-10-02T07:00:\(String(format: "%02d", 1 + 2 * k)).120Z\"," + l.dropFirst() + "\n"
        }.joined()
        return try FleetDiagnosisTests.log(text)
    }

    /// The options of a window: two world actions before it (the one-phone world's budget is 3;
    /// two are what these logs need, a session starting and stopping, and keep the states before
    /// the window few), narrow gaps.
    static func window(_ options: FleetDiagnosis.Options = FleetDiagnosisTests.narrow) -> FleetDiagnosis.Options {
        var o = options
        o.window = true
        o.windowWorldBudget = 2
        return o
    }

    /// A window opening inside a 60 s end hold: the server holds a card of nothing active and
    /// sends the zeroed update, then ends the card when the hold runs out.
    static let inHold = [
        #"{"event":"decide","apnsEvent":"update","tokens":1,"working":0,"needsInput":0,"rows":[],"more":0}"#,
        #"{"event":"send","apnsEvent":"update","token":"41aa0001","env":"production","status":200}"#,
        #"{"event":"decide","apnsEvent":"end","tokens":1,"working":0,"needsInput":0,"rows":[],"more":0}"#,
        #"{"event":"send","apnsEvent":"end","token":"41aa0001","env":"production","status":200}"#,
    ]

    @Test("a window opening inside a hold: consistent from a reachable state, INCONSISTENT at line 1 from the initial states")
    func windowInsideAHold() throws {
        let model = try FleetDiagnosisTests.model(Self.onePhone, hold: 60)
        let log = try Self.log(Self.inHold)
        let whole = FleetDiagnosisReport.make(model, log, path: "hold", options: FleetDiagnosisTests.narrow)
        #expect(whole.verdict == .inconsistent(line: 1), "\(whole.lines.joined(separator: "\n"))")
        let window = FleetDiagnosisReport.make(model, log, path: "hold", options: Self.window())
        #expect(window.verdict == .consistent, "\(window.lines.joined(separator: "\n"))")
        let outcome = try #require(window.outcomes.last)
        let before = try #require(outcome.beforeWindow)
        #expect(before > 0, "the window opens after steps whose lines are not in it")
        // Checked apart from the search: the steps after the window's opening write exactly the log.
        #expect(FleetDiagnosis(model: model, log: log, options: Self.window()).projection(of: outcome.steps, beforeWindow: before) == 4)
        #expect(window.lines.contains { $0.hasPrefix("  the window opens at line 1 on a state the configuration reaches in \(before) step(s)") && $0.contains("server: a card [") })
        #expect(window.lines.contains { $0.hasPrefix("the log is read as a window") })
    }

    /// Two starts in a row, each delivered: each is a behaviour of its own, but after a
    /// delivered start the server holds a card and does not start again with no line between.
    static let split = [
        #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#,
        #"{"event":"send","apnsEvent":"start","token":"41aa0001","env":"production","status":200}"#,
        #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#,
        #"{"event":"send","apnsEvent":"start","token":"41aa0001","env":"production","status":200}"#,
    ]

    @Test("a window that opens nowhere within the world budget before it says so: the verdict holds within that budget only")
    func windowBudgetSaid() throws {
        // A start to 4 push-to-start tokens in the dev-builds world needs two dev builds first.
        let config = try FleetWorldsDiagnosisTests.world("fleet-card-dev-builds")
        let model = FleetSystem(config: config)
        let log = try Self.log([#"{"event":"decide","apnsEvent":"start","tokens":4,"working":1,"needsInput":0,"rows":["51d00001:working"],"more":0}"#])
        let said = "  the window opened only on states within 1 world action(s) before its first line (the world budget): one needing more was not tried"
        var one = Self.window()
        one.windowWorldBudget = 1
        let narrow = FleetDiagnosisReport.make(model, log, path: "four", options: one)
        #expect(narrow.verdict == .inconsistent(line: 1))
        #expect(narrow.lines.contains(said), "\(narrow.lines.joined(separator: "\n"))")
        let wide = FleetDiagnosisReport.make(model, log, path: "four", options: Self.window())
        #expect(wide.verdict == .consistent)
        #expect(!wide.lines.contains { $0.hasPrefix("  the window opened only on states within") })
        // Its witness opens the window after two dev builds' four steps, then writes the line at once.
        #expect(wide.lines.contains("its widest gap: 0 unlogged step(s), 0 of them world actions"), "\(wide.lines.joined(separator: "\n"))")
    }

    @Test("a split log whose episodes are consistent only each on its own is NOT one behaviour, at the line the carried one breaks",
          arguments: [false, true])
    func splitIsNotConsistent(window: Bool) throws {
        let model = try FleetDiagnosisTests.model(Self.onePhone)
        let log = try Self.log(Self.split)
        let report = FleetDiagnosisReport.make(model, log, path: "split", options: window ? Self.window() : FleetDiagnosisTests.narrow)
        #expect(report.verdict == .pieces(line: 3), "\(report.lines.joined(separator: "\n"))")
        #expect(report.lines.last == "result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line 3)")
        #expect(report.lines.contains { $0.hasPrefix("  episode 2, lines 3–4: consistent only as a behaviour of its own") })
        #expect(report.lines.contains { $0.hasPrefix("INCONSISTENT at line 3: the model can write lines 1–2") })
    }

    /// A build before `client-ended`: the phone ended the card (the server nulled it with no
    /// line) and the next start is vetoed.
    static let noClientEnded = [
        #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#,
        #"{"event":"send","apnsEvent":"start","token":"41aa0001","env":"production","status":200}"#,
        #"{"event":"start-vetoed","population":["5e550001"]}"#,
    ]

    @Test("a build that wrote no client-ended: inconsistent when the model must write it, consistent when --events says the build did not")
    func buildEvents() throws {
        let model = try FleetDiagnosisTests.model(Self.onePhone)
        let log = try Self.log(Self.noClientEnded)
        let every = FleetDiagnosisReport.make(model, log, path: "old", options: FleetDiagnosisTests.narrow)
        #expect(every.verdict == .inconsistent(line: 3), "\(every.lines.joined(separator: "\n"))")
        var old = FleetDiagnosisTests.narrow
        old.events = ["decide", "send", "no-tokens", "none-accepted", "partial", "start-vetoed"]
        let report = FleetDiagnosisReport.make(model, log, path: "old", options: old)
        #expect(report.verdict == .consistent, "\(report.lines.joined(separator: "\n"))")
        #expect(report.lines.contains { $0.hasPrefix("the build wrote: decide, send, no-tokens, none-accepted, partial, start-vetoed (not: client-ended, adopted;") })
    }

    @Test("a log with no line of a kind the model knows is no evidence, not consistent")
    func noEvidence() throws {
        let log = try FleetLogFile.read(Array("{\"t\":\"2026-10-02T07:00:01Z\",\"event\":\"tick-skipped\"}\n".utf8), strict: false)
        let report = FleetDiagnosisReport.make(try FleetDiagnosisTests.model(Self.onePhone), log, path: "none")
        #expect(report.verdict == .noEvidence)
        #expect(report.lines.last == "result: no evidence (no line of a kind the model knows: nothing to check)")
    }

    @Test("a stop raised before the search: the report comes at once, the episodes not searched in one line")
    func stoppedAtOnce() throws {
        let (model, lines) = try FleetDiagnosisTests.startLog()
        // 200 copies of a log with a decide start: 200 episodes.
        let text = (0..<200).flatMap { k in lines.map { FleetLogFile.text($0.event, time: $0.time + Int64(k) * 600_000) + "\n" } }.joined()
        let stop = StopSignal()
        stop.raise()
        let report = FleetDiagnosisReport.make(model, try FleetDiagnosisTests.log(text), path: "long", options: FleetDiagnosisTests.narrow, stop: stop, reason: { "interrupted" })
        #expect(report.verdict == .cutShort(reason: "interrupted"))
        #expect(report.lines.count < 40, "\(report.lines.count) lines")
        #expect(report.lines.contains { $0.hasPrefix("  episodes 1–200, lines 1–") && $0.hasSuffix("not decided: the search was cut short at line 1 (interrupted)") })
    }
}

extension FleetDiagnosisWindowTests {
    @Test("the seed's rule is the seed's question and the log's answer: an end a second after a start is not read as the idle-phone gap")
    func seedsRuleAnswers() throws {
        let log = try Self.log([
            #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#,
            #"{"event":"client-ended","hadActive":true}"#,
            #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#,
        ])
        let lines = FleetLogRule.lines(log)
        #expect(lines.contains { $0.hasPrefix("  line 1: decide start") && $0.contains("the phone reported ending its card at line 2, 2.0 s later") && $0.contains("does not fit") })
        // The log ends 0 s after line 3's start: it cannot say no adopted came within 90 s.
        #expect(lines.contains { $0.hasPrefix("  line 3: decide start") && $0.hasSuffix("not answered by the log: it ends 0.0 s after this start, before 90 s passed, with no adopted so far") })
        #expect(!lines.contains { $0.contains("not a bug") })
    }

    @Test("the seed's rule says no only when the log covers the 90 s after a start, or a later start cuts them")
    func seedsRuleNeedsTheWholeWindow() throws {
        let start = #"{"t":"2026-10-02T07:00:01.120Z","event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#
        let send = { (t: String) in #"{"t":"2026-10-02T07:"# + t + #"Z","event":"send","apnsEvent":"start","token":"41aa0001","env":"production","status":200}"# }
        let update = { (t: String) in #"{"t":"2026-10-02T07:"# + t + #"Z","event":"decide","apnsEvent":"update","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"# }
        func rule(_ lines: String...) throws -> [String] {
            FleetLogRule.lines(try FleetDiagnosisTests.log(lines.joined(separator: "\n") + "\n"))
        }
        let short = try rule(start, send("00:02.000"), update("01:30.000"))
        #expect(short.contains { $0.hasPrefix("  line 1: decide start") && $0.hasSuffix("not answered by the log: it ends 88.9 s after this start, before 90 s passed, with no adopted so far") })
        let covered = try rule(start, send("00:02.000"), update("01:32.000"))
        #expect(covered.contains { $0.hasPrefix("  line 1: decide start") && $0.hasSuffix(FleetLogRule.notAdoptedReading) })
        // A later start within the 90 s ends this start's question: no adopted came before it.
        let restarted = try rule(start, update("00:03.000").replacingOccurrences(of: "\"update\"", with: "\"start\""))
        #expect(restarted.contains { $0.hasPrefix("  line 1: decide start") && $0.hasSuffix(FleetLogRule.notAdoptedReading) })
    }

    @Test("the loop patterns name what the lines show: ends and adoptions with no start are not a server's replacement loop")
    func loopPatterns() throws {
        let ended = #"{"event":"client-ended","hadActive":true}"#, adopted = #"{"event":"adopted"}"#
        let start = #"{"event":"decide","apnsEvent":"start","tokens":1,"working":1,"needsInput":0,"rows":["5e550001:working"],"more":0}"#
        let noStart = FleetLogRule.lines(try Self.log([ended, adopted, ended, adopted]))
        #expect(noStart.contains { $0.hasPrefix("  lines 1–4: a client-ended ↔ adopted loop, 2 rounds with no decide start among them") })
        #expect(!noStart.contains { $0.contains("starts a replacement") })
        let loop = FleetLogRule.lines(try Self.log([ended, start, ended, start]))
        #expect(loop.contains { $0.hasPrefix("  lines 1–4: a client-ended → decide start loop, 2 rounds") })
    }
}

extension FleetDiagnosisWindowTests {
    @Test("a window whose witness needs a world action in one gap is found in one search without walking the states before the window")
    func worldActionsLast() throws {
        // The committed two-phone log (5 lines; its fourth gap needs a phone's user): read as a window.
        let (model, trace) = try FleetDiagnosisTests.load("Counterexamples/fleet-card/zombie-card.two-phones.json")
        let log = try FleetDiagnosisTests.log(FleetLogWriter(model: model).file(trace.steps))
        var options = FleetDiagnosis.Options()
        options.window = true
        options.windowWorldBudget = model.config.bounds.worldBudget
        let report = FleetDiagnosisReport.make(model, log, path: "window", options: options)
        #expect(report.verdict == .consistent)
        #expect(report.outcomes.count == 1)
        // The states a window may open on number about 265,000 here; narrow gap levels searched in
        // turn walked them all (the first level has no world action) before the witness was found.
        let searched = try #require(report.outcomes.first).candidates
        #expect(searched < 50_000, "\(searched) candidate states")
        #expect(report.lines.contains { $0.hasPrefix("its widest gap: ") && $0.hasSuffix("1 of them world actions") })
    }
}
