extension TraceDiagnosis {
    /// Diagnoses `log` asking for a witness that breaks the property `options.breaking` names:
    /// the log searched as one episode (a property broken in one episode and a behaviour of
    /// the next are not one behaviour), a gap's cheapest steps first, the steps after the last line
    /// free within the gap bounds (the fleet: a card frozen after the log ends breaks its property there).
    public static func breaking(
        _ name: String, _ model: M, _ log: M.Log, options: TraceSearch<M>.Options,
        stop: StopSignal?, reason: @escaping () -> String, progress: ((_ line: Int, _ candidates: Int) -> Void)?,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) -> TraceDiagnosis {
        let found = TraceSearch(model: model, log: log, options: options)
            .run(nil, stop: stop, reason: reason, progress: progress, stall: nil, tick: heartbeat)
        let outcome: TraceSearch<M>.Outcome? = found
        let explored = found.expanded, candidates = found.candidates
        let verdict: TraceVerdict
        switch outcome?.ending {
        case .consistent?: verdict = .consistent
        case .stuck(let index)?: verdict = .inconsistent(line: log.lines[index].number)
        case .unbroken?: verdict = .unbroken(property: name)
        case .cutShort(_, let why)?: verdict = .cutShort(reason: why)
        case .stalled?, nil: verdict = .cutShort(reason: "no search ran")
        }
        return TraceDiagnosis(
            verdict: verdict, starts: log.lines.isEmpty ? [] : [0], results: [], outcomes: outcome.map { [$0] } ?? [],
            shown: outcome, candidates: candidates, explored: explored, reused: 0, beyondOne: nil, oneBreaks: nil)
    }

    /// The properties `--breaking` can name: every one but the reachability goals, and each
    /// class of them (`LogProjectedModel.propertyClass`), in the model's order.
    public static func breakable(_ model: M) -> [String] {
        var out: [String] = []
        for p in model.properties where p.kind != .sometimes {
            let cls = M.propertyClass(p.name)
            if cls != p.name, !out.contains(cls) { out.append(cls) }
            out.append(p.name)
        }
        return out
    }

    /// The reachability goals: properties that exist but cannot be asked to break (a goal is
    /// reached, not broken).
    public static func goals(_ model: M) -> [String] {
        model.properties.filter { $0.kind == .sometimes }.map(\.name)
    }
}
