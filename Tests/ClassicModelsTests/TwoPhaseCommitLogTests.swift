import ClassicModels
import Explorer
import Testing

/// Trace validation's second model: two-phase commit checked against a transaction manager's
/// log by the engine's search (`TraceSearch`, `TraceDiagnosis`), the code that diagnoses the fleet.
@Suite("TwoPhaseCommitLog")
struct TwoPhaseCommitLogTests {
    static let model = TwoPhaseCommit(resourceManagers: 3)

    static func log(_ lines: [TMLogLine<String>]) -> TwoPhaseCommit.Log { PlainTraceLog(lines) }

    static func diagnose(_ lines: [TMLogLine<String>], window: Bool = false) -> TraceDiagnosis<TwoPhaseCommit> {
        var options = TraceSearch<TwoPhaseCommit>.Options()
        options.window = window
        return TraceDiagnosis.make(model, log(lines), options: options)
    }

    @Test("a TM log of a commit: consistent, its witness's steps write exactly the log, the managers' prepares in its gaps")
    func consistent() throws {
        let lines: [TMLogLine<String>] = [.prepared(rm: "db-2"), .prepared(rm: "db-1"), .prepared(rm: "db-3"), .commit]
        let found = Self.diagnose(lines)
        #expect(found.verdict == .consistent)
        let witness = try #require(found.shown)
        #expect(TraceSearch(model: Self.model, log: Self.log(lines)).projection(of: witness.steps) == lines.count)
        #expect(witness.steps.filter { $0.kind == .rmPrepare }.count == 3)
        #expect(witness.linesOfStep.filter { !$0.isEmpty }.count == 4)
    }

    @Test("a commit before every manager's Prepared, a Prepared after the decision, a fourth manager: inconsistent at that line")
    func inconsistent() throws {
        let early = Self.diagnose([.prepared(rm: "db-1"), .prepared(rm: "db-2"), .commit])
        #expect(early.verdict == .inconsistent(line: 3))
        let stuck = try #require(early.outcomes.first)
        // What the TM would log there instead: an abort, or the Prepared of a manager no log name
        // is bound to yet (which one depends on how the candidate bound db-1 and db-2: each is tried).
        #expect(stuck.wouldLog.first == "{\"event\":\"abort\"}")
        #expect(Set(stuck.wouldLog.dropFirst()) == Set((1...3).map { "{\"event\":\"prepared\",\"rm\":\"rm\($0)?\"}" }))
        #expect(Self.diagnose([.prepared(rm: "db-1"), .abort, .prepared(rm: "db-2")]).verdict == .inconsistent(line: 3))
        #expect(Self.diagnose([.prepared(rm: "db-1"), .prepared(rm: "db-1")]).verdict == .inconsistent(line: 2))
        let four: [TMLogLine<String>] = [.prepared(rm: "a"), .prepared(rm: "b"), .prepared(rm: "c"), .prepared(rm: "d")]
        #expect(Self.diagnose(four).verdict == .inconsistent(line: 4))
    }

    @Test("a window: a log that opens after two Prepared were received is consistent read as a window, not from the start")
    func window() throws {
        let lines: [TMLogLine<String>] = [.prepared(rm: "db-3"), .commit]
        #expect(Self.diagnose(lines).verdict == .inconsistent(line: 2))
        let found = Self.diagnose(lines, window: true)
        #expect(found.verdict == .consistent)
        let witness = try #require(found.shown)
        let before = try #require(witness.beforeWindow)
        #expect(witness.steps.prefix(before).filter { $0.kind == .tmReceivePrepared }.count == 2)
        let search = TraceSearch(model: Self.model, log: Self.log(lines))
        #expect(search.projection(of: witness.steps, beforeWindow: before) == lines.count)
    }
}
