import Explorer
import FleetCard

extension FleetDiagnosisReport {
    /// Diagnoses `log` asking for a witness that breaks the property `options.breaking` names:
    /// the log searched as one episode (a property broken in one episode and a behaviour of
    /// the next are not one behaviour), a gap's cheapest steps first, the steps after the last line
    /// free within the gap bounds (a card frozen after the log ends breaks its property there).
    static func breaking(
        _ name: String, _ model: FleetSystem, _ log: FleetLog, path: String, options: FleetDiagnosis.Options,
        stop: StopSignal?, reason: @escaping () -> String, progress: ((_ line: Int, _ candidates: Int) -> Void)?,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) -> FleetDiagnosisReport {
        let found = TraceDiagnosis.breaking(
            name, model, log, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
        var text = header(model, log, path: path, episodes: 1, options: options)
        text.append(TraceReport.asked(name, model))
        if let outcome = found.shown { text += body(FleetDiagnosis(model: model, log: log, options: options), outcome, log) }
        text.append(TraceReport.breakingSearch(found))
        text += FleetLogRule.lines(log)
        text += TraceReport.breakingResult(found.verdict, name)
        return FleetDiagnosisReport(verdict: found.verdict, lines: text, outcomes: found.outcomes)
    }

    /// The properties `--breaking` can name (`TraceDiagnosis.breakable`: each class, `zombie-card` for any `zombie-card:CAUSE`).
    public static func breakable(_ model: FleetSystem) -> [String] { TraceDiagnosis.breakable(model) }

    /// The reachability goals (`reach:`): properties that exist but cannot be asked to break.
    public static func goals(_ model: FleetSystem) -> [String] { TraceDiagnosis.goals(model) }
}
