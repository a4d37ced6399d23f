import Explorer

/// `cardcheck diagnose` of a transaction manager's log on two-phase commit: the engine's
/// diagnosis (`TraceDiagnosis`) in two-phase commit's words around the verdict lines every
/// model shares (`TraceReport`). A TM log is one transaction: one episode.
public enum TMDiagnosisReport {
    /// The report of `log` (named `path`) on `model`, and its verdict.
    public static func make(
        _ model: TwoPhaseCommit, _ log: TwoPhaseCommit.Log, path: String, options: TraceSearch<TwoPhaseCommit>.Options = .init(),
        stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" },
        progress: ((_ line: Int, _ candidates: Int) -> Void)? = nil,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> (lines: [String], verdict: TraceVerdict) {
        var text = header(model, log, path: path, options: options)
        if log.lines.isEmpty { return (text + [TraceReport.noEvidence], .noEvidence) }
        let found: TraceDiagnosis<TwoPhaseCommit>
        if let name = options.breaking {
            found = TraceDiagnosis.breaking(name, model, log, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
            text.append(TraceReport.asked(name, model))
        } else {
            found = TraceDiagnosis.make(model, log, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
        }
        if let shown = found.shown { text += body(model, shown, log, window: options.window) }
        if let name = options.breaking {
            text.append(TraceReport.breakingSearch(found))
            text += TraceReport.breakingResult(found.verdict, name)
        } else {
            text.append(TraceReport.search(found))
            text += TraceReport.result(found, options: options)
        }
        return (text, found.verdict)
    }

    static func header(_ model: TwoPhaseCommit, _ log: TwoPhaseCommit.Log, path: String, options: TraceSearch<TwoPhaseCommit>.Options) -> [String] {
        var out = ["\(path): \(log.lines.count) line(s) read, one transaction; model two-phase-commit: \(model.resourceManagers) resource manager(s), the transaction manager's log"]
        out.append("between two lines: up to \(options.gapSteps) unlogged steps (the managers' own), \(options.gapWorldBudget) of them world actions (a manager choosing to abort, costing two steps in the search order)")
        if options.window {
            out.append("the log is read as a window: its first line may be written from any state the model reaches (up to \(options.windowWorldBudget) world action(s) before it; --from-start for a whole log)")
        } else {
            out.append("the log is read from the model's initial state (--from-start: the log is whole)")
        }
        return out
    }

    /// The witness (or the longest prefix), each step beside the line it wrote, and what the
    /// TM would log instead where the search stuck.
    static func body(_ model: TwoPhaseCommit, _ outcome: TraceSearch<TwoPhaseCommit>.Outcome, _ log: TwoPhaseCommit.Log, window: Bool) -> [String] {
        var out: [String] = []
        let steps = outcome.steps
        switch outcome.ending {
        case .consistent:
            out.append(TraceReport.widestGap(outcome, model))
            out.append("witness: a behaviour of \(steps.count) steps whose transaction manager's log is exactly these lines ([log N] = the line the step wrote)")
        case .stuck(let index):
            out.append(TraceReport.stuck(outcome, at: index, log, window: window))
            out.append("  line \(log.lines[index].number) says: \(TMLogFile.text(log.lines[index].event))")
            out += TraceReport.wouldLog(outcome)
            out += TraceReport.candidates(outcome) { describe(model, $0) }
            out += TraceReport.bounds(outcome)
            out.append("longest prefix, one behaviour of \(steps.count) steps:")
        case .unbroken(let name):
            out.append("no behaviour within the gap bounds writes these lines and breaks \(name); the first that writes them (\(steps.count) steps, below) keeps it")
            out += TraceReport.bounds(outcome)
        case .stalled, .cutShort:
            out += TraceReport.notDecided(outcome, log)
        }
        if case .stuck(let index) = outcome.ending, index <= outcome.origin {
            // Stuck at the first line it read: no window opened, no behaviour started.
        } else if let before = outcome.beforeWindow, let state = reached(model, steps.prefix(before)) {
            let reached = before == 0 ? "the model's initial state" : "a state the model reaches in \(before) step(s) (their lines, if any, are before the window)"
            out.append("  the window opens at line \(log.lines[outcome.origin].number) on \(reached): " + describe(model, state))
        }
        for (k, action) in steps.enumerated() {
            let logged = outcome.linesOfStep[k].map { "\(log.lines[$0].number)" }
            let early = outcome.beforeWindow.map { k < $0 } ?? false
            out.append("  \(k + 1). " + (early ? "(before the window) " : "") + (logged.isEmpty ? "" : "[log \(logged.joined(separator: ", "))] ") + "\(action).")
        }
        out += names(steps, outcome.linesOfStep, log)
        out += TraceReport.broken(model, steps, outcome.linesOfStep, log)
        return out
    }

    /// Which log name each manager of the behaviour is, read from the Prepared lines its TM
    /// steps wrote (the binding the search kept), in the model's order.
    static func names(_ steps: [TwoPhaseCommit.Action], _ linesOfStep: [[Int]], _ log: TwoPhaseCommit.Log) -> [String] {
        var bound: [(rm: Int, name: String)] = []
        for (action, lines) in zip(steps, linesOfStep) where action.kind == .tmReceivePrepared {
            guard let rm = action.rm, let first = lines.first, case .prepared(let name) = log.lines[first].event else { continue }
            bound.append((rm, name))
        }
        guard !bound.isEmpty else { return [] }
        return ["  the log's names: " + bound.sorted { $0.rm < $1.rm }.map { "rm\($0.rm.oneBased) is \($0.name)" }.joined(separator: ", ")]
    }

    /// The state `steps` reach from the initial state (nil: a step is disabled).
    static func reached(_ model: TwoPhaseCommit, _ steps: ArraySlice<TwoPhaseCommit.Action>) -> TwoPhaseCommit.State? {
        guard var s = model.initialStates().first else { return nil }
        for a in steps {
            guard let next = model.next(s, a) else { return nil }
            s = next
        }
        return s
    }

    /// A state in one line: the TM's decision and the Prepared it received, each manager, the messages.
    static func describe(_ model: TwoPhaseCommit, _ s: TwoPhaseCommit.State) -> String {
        let n = model.resourceManagers
        let decided = s.commitMessage ? "committed" : s.abortMessage ? "aborted" : "undecided"
        let received = (0..<n).filter { s.tmPrepared($0) }.map { "rm\($0.oneBased)" }
        let sent = (0..<n).filter { s.preparedMessage($0) }.map { "rm\($0.oneBased)" }
        var parts = ["TM: \(decided), Prepared received from " + (received.isEmpty ? "none" : received.joined(separator: ", "))]
        parts.append((0..<n).map { "rm\($0.oneBased) \(s.rm($0))" }.joined(separator: ", "))
        parts.append("Prepared sent by " + (sent.isEmpty ? "none" : sent.joined(separator: ", ")))
        return parts.joined(separator: "; ")
    }
}
