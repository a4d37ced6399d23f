import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// Diagnosis of server logs: the model's own logs round trip, mutated logs are inconsistent at
/// the line the model cannot write, and the end hold decides whether a zeroed update is possible.
@Suite("FleetDiagnosis")
struct FleetDiagnosisTests {
    /// Every committed fleet counterexample, by path.
    static let traces: [String] = {
        let root = "Counterexamples"
        let dirs = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("fleet-card") }.sorted()
        return dirs.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + dir)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + dir + "/" + $0 }
        }
    }()

    static func load(_ path: String) throws -> (FleetSystem, Trace<FleetSystem>) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try JSONValue(parsing: data)
        let model = try FleetSystem(configuration: try #require(json["configuration"]))
        return (model, try Trace.load(data, for: model))
    }

    static func model(_ path: String = "Models/fleet-card.json", hold: Int = 0) throws -> FleetSystem {
        guard case .object(var o) = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: path))) else {
            throw TraceFileError("not an object")
        }
        o.removeValue(forKey: "model")
        var config = try JSONValue.object(o).decode(FleetConfig.self)
        if hold > 0 { config.hold = .init(server: hold, app: hold) }
        return FleetSystem(config: config)
    }

    static func log(_ text: String) throws -> FleetLog { try FleetLogFile.read(Array(text.utf8), strict: true) }

    @Test("the committed counterexamples are all found (the round trip has work to do)")
    func tracesFound() { #expect(Self.traces.count > 100) }

    @Test("every committed counterexample's log is committed beside it, diagnoses as consistent, and its witness writes the same lines",
        arguments: traces)
    func roundTrip(_ path: String) throws {
        let (model, trace) = try Self.load(path)
        let text = FleetLogWriter(model: model).file(trace.steps)
        let committed = try String(contentsOfFile: String(path.dropLast(5)) + ".log.jsonl", encoding: .utf8)
        #expect(committed == text, "the committed log is what the tool writes")
        // The channel era's builds write a send to a channel as a `broadcast` line, no token.
        if model.config.variants.broadcastChannel {
            #expect(!text.contains(#""event":"send","apnsEvent":"update""#) && !text.contains(#""event":"send","apnsEvent":"end""#))
        }
        let log = try Self.log(text)
        var options = FleetDiagnosis.Options()
        options.gapWorldBudget = max(options.gapWorldBudget, model.config.bounds.worldBudget)
        let report = FleetDiagnosisReport.make(model, log, path: path, options: options)
        // Host 0's server logs nothing in some behaviours (host 0 down throughout): no evidence, nothing to search.
        guard !log.lines.isEmpty else {
            #expect(report.verdict == .noEvidence, "\(report.lines.joined(separator: "\n"))")
            #expect(FleetDiagnosis(model: model, log: log).projection(of: trace.steps) == 0, "the trace's steps log nothing")
            return
        }
        #expect(report.verdict == .consistent, "\(report.lines.joined(separator: "\n"))")
        let witness = try #require(report.outcomes.first).steps
        #expect(FleetDiagnosis(model: model, log: log).projection(of: witness) == log.lines.count)
    }

    /// A committed log of the default configuration with a decide start and its sends.
    static func startLog() throws -> (FleetSystem, [FleetLogLine]) {
        let (model, trace) = try load("Counterexamples/fleet-card/zombie-card.two-phones.json")
        let log = try Self.log(FleetLogWriter(model: model).file(trace.steps))
        return (model, log.lines)
    }

    static func text(_ lines: [FleetLogLine]) -> String { lines.map { FleetLogFile.text($0.event, time: $0.time) + "\n" }.joined() }

    /// The bounds the mutated logs are searched with: a line is inconsistent within them. An
    /// inconsistency is proved by trying every behaviour within the bounds, and at the
    /// default bounds (16 steps, 2 world actions a gap) that takes minutes in a debug build.
    static let narrow = FleetDiagnosis.Options(gapWorldBudget: 1, gapSteps: 8)

    func stuck(_ model: FleetSystem, _ lines: [FleetLogLine]) throws -> Int? {
        let report = FleetDiagnosisReport.make(model, try Self.log(Self.text(lines)), path: "mutant", options: Self.narrow)
        if case .inconsistent(let line) = report.verdict { return line }
        return nil
    }

    @Test("a send's status flipped (no send fails in this world) is inconsistent at that line")
    func statusFlipped() throws {
        let (model, lines) = try Self.startLog()
        let k = try #require(lines.firstIndex { if case .send(_, _, _, 200) = $0.event { true } else { false } })
        var mutant = lines
        guard case .send(let a, let t, let env, _) = lines[k].event else { return }
        mutant[k].event = .send(a, token: t, env: env, status: 0)
        #expect(try stuck(model, lines) == nil, "the original is consistent")
        #expect(try stuck(model, mutant) == k + 1)
    }

    @Test("a decide dropped, or swapped with its send: inconsistent at the send that now comes first")
    func droppedAndSwapped() throws {
        let (model, lines) = try Self.startLog()
        let k = try #require(lines.firstIndex { if case .decide(.start, _, _, _, _, _) = $0.event { true } else { false } })
        var dropped = lines
        dropped.remove(at: k)
        #expect(try stuck(model, dropped) == k + 1)
        var swapped = lines
        swapped.swapAt(k, k + 1)
        #expect(try stuck(model, swapped) == k + 1)
    }

    @Test("a decide's counts changed (two working of one session) is inconsistent at that decide")
    func countsChanged() throws {
        let (model, lines) = try Self.startLog()
        let k = try #require(lines.firstIndex { if case .decide = $0.event { true } else { false } })
        guard case .decide(let a, let t, let w, let n, let rows, let m) = lines[k].event else { return }
        var mutant = lines
        mutant[k].event = .decide(a, tokens: t, working: w + 1, needsInput: n, rows: rows, more: m)
        #expect(try stuck(model, mutant) == k + 1)
    }

    /// One phone's card push-started, its session gone idle: a zeroed update inside the hold,
    /// then the end when the hold runs out.
    static let heldLog: [FleetFileLogEvent] = [
        .decide(.start, tokens: 1, working: 1, needsInput: 0, rows: [.init(session: "aa01", needsInput: false)], more: 0),
        .send(.start, token: "p1", env: .production, status: 200),
        .decide(.update, tokens: 1, working: 0, needsInput: 0, rows: [], more: 0),
        .send(.update, token: "u1", env: .production, status: 200),
        .decide(.end, tokens: 1, working: 0, needsInput: 0, rows: [], more: 0),
        .send(.end, token: "u1", env: .production, status: 200),
    ]

    @Test("a decide update with zero active sessions is inconsistent with hold 0 (at that line) and consistent with hold 60")
    func zeroedUpdateNeedsAHold() throws {
        let text = Self.heldLog.enumerated().map { FleetLogFile.text($1, time: FleetLogWriter.epoch + Int64($0) * 2000) + "\n" }.joined()
        let log = try Self.log(text)
        let onePhone = "Models/fleet-card-one-phone.json"
        let none = FleetDiagnosisReport.make(try Self.model(onePhone), log, path: "held", options: Self.narrow)
        #expect(none.verdict == .inconsistent(line: 3), "\(none.lines.joined(separator: "\n"))")
        let held = FleetDiagnosisReport.make(try Self.model(onePhone, hold: 60), log, path: "held")
        #expect(held.verdict == .consistent, "\(held.lines.joined(separator: "\n"))")
        let witness = try #require(held.outcomes.first).steps
        #expect(witness.contains(.holdEnds(0)), "the end comes when the hold runs out")
    }
}

extension FleetDiagnosisTests {
    @Test("one log token named for two model tokens (a start's two sends) is inconsistent at the second")
    func oneTokenTwoModelTokens() throws {
        let (model, lines) = try Self.startLog()
        let k = try #require(lines.firstIndex { if case .decide(.start, 2, _, _, _, _) = $0.event { true } else { false } })
        guard case .send(_, let first, _, _) = lines[k + 1].event, case .send(let a, _, let env, let status) = lines[k + 2].event
        else { Issue.record("a start to two tokens is followed by its two sends"); return }
        var mutant = lines
        mutant[k + 2].event = .send(a, token: first, env: env, status: status)
        #expect(try stuck(model, mutant) == k + 3)
    }
}
