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
        let found = FleetDiagnosis(model: model, log: log, options: options)
            .run(nil, stop: stop, reason: reason, progress: progress, stall: nil, tick: heartbeat)
        let outcome: FleetDiagnosis.Outcome? = found
        let explored = found.expanded, candidates = found.candidates
        var text = header(model, log, path: path, episodes: 1, options: options)
        let causes = model.properties.filter { $0.kind != .sometimes && FleetSystem.propertyClass($0.name) == name && $0.name != name }
        let asked = causes.isEmpty ? name : "\(name) (any of its \(causes.count) cause(s): \(causes.map(\.name).joined(separator: ", ")))"
        text.append("asked: a behaviour that writes every line and breaks \(asked) (--breaking: the log is searched as one episode)")
        let verdict: Verdict
        switch outcome?.ending {
        case .consistent?: verdict = .consistent
        case .stuck(let index)?: verdict = .inconsistent(line: log.lines[index].number)
        case .unbroken?: verdict = .unbroken(property: name)
        case .cutShort(_, let why)?: verdict = .cutShort(reason: why)
        case .stalled?, nil: verdict = .cutShort(reason: "no search ran")
        }
        if let outcome { text += body(FleetDiagnosis(model: model, log: log, options: options), outcome, log) }
        text.append("search: \(candidates) candidate state(s), \(explored) gap state(s) explored")
        text += FleetLogRule.lines(log)
        switch verdict {
        case .consistent: text.append("result: consistent, and a behaviour that writes it breaks \(name)")
        case .inconsistent(let line):
            text.append("result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)")
        case .unbroken:
            text.append("result: consistent, but no behaviour within the gap bounds that writes it breaks \(name)")
        case .cutShort(let why): text.append("result: NOT decided (search cut short: \(why))")
        case .pieces, .noEvidence: break  // not from one search
        }
        return FleetDiagnosisReport(verdict: verdict, lines: text, outcomes: outcome.map { [$0] } ?? [])
    }

    /// The properties `--breaking` can name: every one but the reachability goals, and each
    /// class of them (`zombie-card` for any `zombie-card:CAUSE`), in the model's order.
    public static func breakable(_ model: FleetSystem) -> [String] {
        var out: [String] = []
        for p in model.properties where p.kind != .sometimes {
            let cls = FleetSystem.propertyClass(p.name)
            if cls != p.name, !out.contains(cls) { out.append(cls) }
            out.append(p.name)
        }
        return out
    }

    /// The reachability goals (`reach:`): properties that exist but cannot be asked to break
    /// (a goal is reached, not broken).
    public static func goals(_ model: FleetSystem) -> [String] {
        model.properties.filter { $0.kind == .sometimes }.map(\.name)
    }
}
