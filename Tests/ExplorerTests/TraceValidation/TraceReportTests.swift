import ClassicModels
import Explorer
import Testing

/// The verdicts' words every model's diagnosis shares (`TraceReport`), on two-phase commit.
@Suite("TraceReport")
struct TraceReportTests {
    typealias Outcome = TraceSearch<TwoPhaseCommit>.Outcome

    static func outcome(steps: Bool, world: Bool, level: TraceSearch<TwoPhaseCommit>.Options?) -> Outcome {
        var o = Outcome(ending: .stuck(index: 0), steps: [], linesOfStep: [], candidates: 0, expanded: 0, wouldLog: [], stuckStates: [], stuckCount: 0, level: level)
        o.cutBySteps = steps
        o.cutByWorld = world
        return o
    }

    @Test("the gap-bound line names each bound that cut a path and the next width, or that none did, or nothing when no bounds were searched")
    func bounds() {
        let level = TraceSearch<TwoPhaseCommit>.Options(gapWorldBudget: 2, gapSteps: 16)
        #expect(TraceReport.bounds(Self.outcome(steps: false, world: false, level: level)) == ["  no gap bound cut a path: this holds at any gap width"])
        #expect(TraceReport.bounds(Self.outcome(steps: true, world: true, level: level))
            == ["  this holds within the gap bounds: --gap-steps 16 and --gap-budget 2 cut paths; the next width: --gap-steps 24 --gap-budget 3"])
        let widest = TraceSearch<TwoPhaseCommit>.Options(gapWorldBudget: 8, gapSteps: 64)
        #expect(TraceReport.bounds(Self.outcome(steps: true, world: true, level: widest))
            == ["  this holds within the gap bounds: --gap-steps 64 and --gap-budget 8 cut paths (already the widest)"])
        #expect(TraceReport.bounds(Self.outcome(steps: true, world: false, level: nil)).isEmpty)
    }

    @Test("the result lines of a diagnosis name its verdict and line; --breaking's name the property")
    func results() {
        let log = PlainTraceLog<TMLogLine<String>>([.prepared(rm: "a"), .abort, .prepared(rm: "b")])
        let found = TraceDiagnosis.make(TwoPhaseCommit(resourceManagers: 2), log)
        #expect(TraceReport.result(found, options: .init()) == ["result: INCONSISTENT at line 3 (the model cannot write it after the lines before it)"])
        #expect(TraceReport.breakingResult(.unbroken(property: "consistent"), "consistent")
            == ["result: consistent, but no behaviour within the gap bounds that writes it breaks consistent"])
        #expect(TraceReport.breakingResult(.cutShort(reason: "stopped"), "consistent") == ["result: NOT decided (search cut short: stopped)"])
    }
}
