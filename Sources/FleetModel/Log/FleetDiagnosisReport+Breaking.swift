import Explorer
import FleetCard

extension FleetDiagnosisReport {
    /// Diagnoses `log` asking for a witness that breaks the property `options.breaking` names:
    /// the log searched as one episode (a property broken in one episode and a behaviour of
    /// the next are not one behaviour), a gap's world actions tried last, the steps after the last line
    /// free within the gap bounds (a card frozen after the log ends breaks its property there).
    static func breaking(
        _ name: String, _ model: FleetSystem, _ log: FleetLog, path: String, options: FleetDiagnosis.Options,
        stop: StopSignal?, reason: @escaping () -> String, progress: ((_ line: Int, _ candidates: Int) -> Void)?,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) -> FleetDiagnosisReport {
        let found = TraceDiagnosis.breaking(
            name, model, log, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
        var text = header(model, log, path: path, episodes: 1, options: options)
        let causes = model.properties.filter { $0.kind != .sometimes && FleetSystem.propertyClass($0.name) == name && $0.name != name }
        let asked = causes.isEmpty ? name : "\(name) (any of its \(causes.count) cause(s): \(causes.map(\.name).joined(separator: ", ")))"
        text.append("asked: a behaviour that writes every line and breaks \(asked) (--breaking: the log is searched as one episode)")
        if let outcome = found.shown { text += body(FleetDiagnosis(model: model, log: log, options: options), outcome, log) }
        text.append("search: \(found.candidates) candidate state(s), \(found.explored) gap state(s) explored")
        text += FleetLogRule.lines(log)
        switch found.verdict {
        case .consistent: text.append("result: consistent, and a behaviour that writes it breaks \(name)")
        case .inconsistent(let line):
            text.append("result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)")
        case .unbroken:
            text.append("result: consistent, but no behaviour within the gap bounds that writes it breaks \(name)")
        case .cutShort(let why): text.append("result: NOT decided (search cut short: \(why))")
        case .pieces, .noEvidence: break  // not from one search
        }
        return FleetDiagnosisReport(verdict: found.verdict, lines: text, outcomes: found.outcomes)
    }

    /// The properties `--breaking` can name (`TraceDiagnosis.breakable`: each class, `zombie-card` for any `zombie-card:CAUSE`).
    public static func breakable(_ model: FleetSystem) -> [String] { TraceDiagnosis.breakable(model) }

    /// The reachability goals (`reach:`): properties that exist but cannot be asked to break.
    public static func goals(_ model: FleetSystem) -> [String] { TraceDiagnosis.goals(model) }
}
