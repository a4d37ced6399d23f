import ClassicModels
import Explorer
import Testing

/// Two-phase commit's diagnosis report (`TMDiagnosisReport`): its words around the engine's verdict lines.
@Suite("TMDiagnosisReport")
struct TMDiagnosisReportTests {
    static let model = TwoPhaseCommit(resourceManagers: 2)

    @Test("an empty TM log is no evidence: the header, then the engine's no-evidence line")
    func noEvidence() {
        let report = TMDiagnosisReport.make(Self.model, PlainTraceLog([]), path: "tm.log")
        #expect(report.verdict == .noEvidence)
        #expect(report.lines.first == "tm.log: 0 line(s) read, one transaction; model two-phase-commit: 2 resource manager(s), the transaction manager's log")
        #expect(report.lines.last == TraceReport.noEvidence)
    }

    @Test("a commit read whole: the witness from the initial state, each manager named by the log's name bound to it")
    func witness() {
        let log = PlainTraceLog<TMLogLine<String>>([.prepared(rm: "b"), .prepared(rm: "a"), .commit])
        let report = TMDiagnosisReport.make(Self.model, log, path: "tm.log")
        #expect(report.verdict == .consistent)
        #expect(report.lines.contains("the log is read from the model's initial state (--from-start: the log is whole)"))
        #expect(report.lines.contains("  the log's names: rm1 is b, rm2 is a"))
        #expect(report.lines.contains { $0.hasSuffix("[log 3] TM commits.") })
        #expect(!report.lines.contains { $0.contains("(before the window)") })
    }
}
