import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// Long logs: a search reads the log only as far as it comes, a search that read what an earlier
/// one read is answered by it (and that changes no answer), each search starts at the gap bounds
/// the last witness needed, and progress comes once every 1,024 lines.
@Suite("FleetRunMemo")
struct FleetRunMemoTests {
    /// The committed logs of the default configuration that begin an episode (a decide start).
    static let pieces: [[FleetLogLine]] = {
        let dir = "Counterexamples/fleet-card"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".log.jsonl") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: dir + "/" + name),
                let log = try? FleetLogFile.read(Array(data), strict: true),
                case .decide(.start, _, _, _, _, _)? = log.lines.first?.event
            else { return nil }
            return log.lines
        }
    }()

    /// `order`'s pieces laid end to end, each piece's token prefixes its own (as
    /// Scripts/fleet-long-log.py does), optionally with one send's status flipped in piece `flip`.
    static func long(_ order: [Int], flip: Int? = nil) throws -> FleetLog {
        var text = ""
        for (k, i) in order.enumerated() {
            var flipped = false
            for line in pieces[i % pieces.count] {
                var event = line.event.renamed({ $0 }, { "\(String(format: "%04x", k + 1))\($0.dropFirst(4))" }) ?? line.event
                if k == flip, !flipped, case .send(let a, let t, let env, let status) = event {
                    event = .send(a, token: t, env: env, status: status == 200 ? 410 : 200)
                    flipped = true
                }
                text += FleetLogFile.text(event, time: line.time + Int64(k) * 600_000) + "\n"
            }
        }
        return try FleetLogFile.read(Array(text.utf8), strict: true)
    }

    static let order = [0, 1, 0, 2, 1, 0, 3, 0, 1, 2, 0, 1]
    static let narrow = FleetDiagnosis.Options(gapWorldBudget: 1, gapSteps: 8)

    static func report(_ log: FleetLog, reuse: Bool, progress: ((Int, Int) -> Void)? = nil) throws -> FleetDiagnosisReport {
        var options = narrow
        options.reuseRuns = reuse
        // The pieces' tokens are their own: no one behaviour writes past the third start token
        // (`firstBeyondOneBehaviour`); where before it, a short search is enough to leave open.
        options.oneBehaviourProbe = 5_000
        return FleetDiagnosisReport.make(try FleetDiagnosisTests.model(), log, path: "long.log.jsonl", options: options, progress: progress)
    }

    /// Whether every episode was written by some behaviour: one for the whole log, or one each.
    static func everyEpisodePasses(_ v: FleetDiagnosisReport.Verdict) -> Bool {
        switch v {
        case .consistent, .pieces: true
        default: false
        }
    }

    @Test("the committed logs give pieces enough to repeat (the test has work to do)")
    func enoughPieces() { #expect(Self.pieces.count >= 4) }

    @Test("a long log of the model's own logs renamed: the report with earlier searches reused is the one without, but for its search line",
        arguments: [nil, 7])
    func reuseChangesNothing(flip: Int?) throws {
        let log = try Self.long(Self.order, flip: flip)
        let reused = try Self.report(log, reuse: true), fresh = try Self.report(log, reuse: false)
        #expect(reused.verdict == fresh.verdict)
        // The pieces are behaviours of their own (each its own tokens): every episode passes
        // (consistent, or NOT one behaviour); with a status flipped, one does not.
        #expect(flip == nil ? Self.everyEpisodePasses(reused.verdict) : !Self.everyEpisodePasses(reused.verdict))
        let searchLine = { (r: FleetDiagnosisReport) in r.lines.filter { !$0.hasPrefix("search: ") } }
        #expect(searchLine(reused) == searchLine(fresh))
        #expect(reused.lines.contains { $0.hasPrefix("search: ") && $0.contains("answered by an earlier one") })
        #expect(!fresh.lines.contains { $0.contains("answered by an earlier one") })
    }

    @Test("a search carried from the first line gives up a few lines into the second piece: it read no further")
    func readsOnlyAsFarAsItComes() throws {
        let log = try Self.long(Self.order)
        let outcome = FleetDiagnosis(model: try FleetDiagnosisTests.model(), log: log, options: Self.narrow)
            .run(nil, stop: nil, reason: { "" }, progress: nil, stall: FleetDiagnosisReport.stallBudget)
        guard case .stalled(let index) = outcome.ending else {
            Issue.record("not stalled: \(outcome.ending)")
            return
        }
        #expect(outcome.read <= index + 8)
        #expect(outcome.read < log.lines.count / 2)
    }

    @Test("a kept search answers one of the same lines renamed elsewhere in the log as searching it would, and no other")
    func answers() throws {
        let model = try FleetDiagnosisTests.model()
        let log = try Self.long([0, 1, 0])
        let a = 0..<Self.pieces[0].count
        let b0 = Self.pieces[0].count + Self.pieces[1].count
        let b = b0..<(b0 + Self.pieces[0].count)
        let c = a.upperBound..<b0
        let diagnosis = FleetDiagnosis(model: model, log: log, options: Self.narrow)
        let searched = { (r: Range<Int>) in diagnosis.run(r, stop: nil, reason: { "" }, progress: nil, stall: nil) }
        var memo = FleetRunMemo()
        let first = searched(a)
        #expect(first.ending == .consistent)
        memo.keep(first, log, a, window: false, stall: nil)
        let answered = memo.answer(log, b, window: false, stall: nil)
        let known = try #require(answered)
        let direct = searched(b)
        #expect(known.ending == direct.ending)
        #expect(known.steps == direct.steps)
        #expect(known.linesOfStep == direct.linesOfStep)
        #expect(known.origin == direct.origin)
        #expect({ var m = memo; return m.answer(log, b, window: false, stall: 1_000) }() == nil)
        #expect({ var m = memo; return m.answer(log, c, window: false, stall: nil) }() == nil)
        // A consistent search read its range to the end: a longer range is not the same question.
        #expect({ var m = memo; return m.answer(log, a.lowerBound..<(a.upperBound + 1), window: false, stall: nil) }() == nil)
    }

    @Test("the witness's widest gap: its longest run of unlogged steps between two logged ones, and the most world actions in one")
    func widestGap() throws {
        let (_, trace) = try FleetDiagnosisTests.load("Counterexamples/fleet-card/zombie-card.two-phones.json")
        let world = try #require(trace.steps.first { $0.isWorld })
        let system = try #require(trace.steps.first { !$0.isWorld })
        func outcome(_ gaps: [[FleetSystem.Action]]) -> FleetDiagnosis.Outcome {
            var steps: [FleetSystem.Action] = [], lines: [[Int]] = []
            for (k, gap) in gaps.enumerated() {
                steps += gap + [system]
                lines += gap.map { _ in [] } + [[k]]
            }
            return FleetDiagnosis.Outcome(
                ending: .consistent, steps: steps, linesOfStep: lines, candidates: 0, expanded: 0, wouldLog: [], stuckStates: [],
                stuckCount: 0)
        }
        #expect(FleetDiagnosisReport.widestGap(outcome([[], [system, system]])) == (2, 0))
        #expect(FleetDiagnosisReport.widestGap(outcome([Array(repeating: system, count: 7)])) == (7, 0))
        #expect(FleetDiagnosisReport.widestGap(outcome([[system, world], [system]])) == (2, 1))
        #expect(FleetDiagnosisReport.widestGap(outcome([[world, system, world], [world]])) == (3, 2))
        // A window's steps before it are no gap: the first three here, then one unlogged step.
        var window = outcome([[world, system, world], [world]])
        window.beforeWindow = 3
        #expect(FleetDiagnosisReport.widestGap(window) == (1, 1))
    }

    @Test("progress: one line at the start and then one every 1,024 lines, however many searches the log takes")
    func progressEvery1024Lines() throws {
        let log = try Self.long(Array(repeating: Self.order, count: 40).flatMap { $0 })
        #expect(log.lines.count > 2048)
        var calls: [Int] = []
        let report = try Self.report(log, reuse: true) { line, _ in calls.append(line) }
        #expect(Self.everyEpisodePasses(report.verdict))
        #expect(calls.first == 0)
        #expect(calls.count == log.lines.count / 1024 + 1 || calls.count == log.lines.count / 1024)
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0 >> 10 < $1 >> 10 })
    }
}
