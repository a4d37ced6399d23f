import Foundation

extension SearchReport {
    /// The report as the lines `cardcheck check` prints; the same report gives the same lines.
    /// Timing is left out so the lines are comparable between runs (`timingLine` has it).
    /// Each counterexample is written by `render` (default: its numbered steps).
    public func lines(render: (Trace<M>) -> [String] = { $0.numberedSteps(indent: 15) }) -> [String] {
        headerLines(stopReason: stopReasonText)
            + verdictLines(render: render)
            + [passed ? "result: pass" : "result: FAIL"]
    }

    /// Why the search ended, as the report says it: a state limit the search's own capacity set
    /// (40-bit node ids; a behaviour count's 32-bit ones), not `--max-states`, says so.
    public var stopReasonText: String {
        if stopReason == .stateLimit, let capacityStop { return "\(stopReason.rawValue): \(capacityStop)" }
        let cap = NodeIDs.cap(for: options)
        guard stopReason == .stateLimit, options.stateLimit.map({ $0 >= cap }) ?? true else {
            return stopReason.rawValue
        }
        let whose = cap == NodeIDs.cap ? "a search's 40-bit node ids" : "a behaviour count's 32-bit node ids"
        return "\(stopReason.rawValue): \(cap.grouped) states, as many as \(whose) number"
    }

    /// The size, scope, bounds and collision lines; `stopReason` is the text shown as the reason.
    public func headerLines(stopReason reason: String) -> [String] {
        var out: [String] = []
        let scope = exhaustive ? "exhaustive" : "NOT exhaustive"
        out.append(
            "\(modelName): \(distinctStates.grouped) distinct states, \(transitions.grouped) "
                + "transitions, depth \(depthReached), \(scope) (\(reason))")
        var bounds: [String] = []
        if let d = options.depthBound { bounds.append("depth bound \(d)") }
        if let b = options.worldBudget { bounds.append("world budget \(b)") }
        if !bounds.isEmpty { out.append("bounds: " + bounds.joined(separator: ", ")) }
        if let cut = boundCut.line { out.append(cut) }
        out.append("fingerprint collision probability \(Self.scientific(collisionProbability)) (n²/2⁶⁵)")
        return out
    }

    /// One line per verdict. A violation `expectedReason` knows is listed as expected, without
    /// its trace; any other is listed with `unexpectedNote` after its minimization and rendered.
    public func verdictLines(
        render: (Trace<M>) -> [String], expectedReason: (String) -> String? = { _ in nil }, unexpectedNote: String = ""
    ) -> [String] {
        var out: [String] = []
        for verdict in verdicts {
            let label = "\(verdict.kind.rawValue) \"\(verdict.name)\""
            switch verdict.outcome {
            case .holds where verdict.kind == .sometimes:
                let n = verdict.witness?.steps.count ?? 0
                out.append("  reached    \(label) in \(n) step\(n == 1 ? "" : "s")")
            case .holds:
                out.append("  holds      \(label)")
            case .unreached:
                out.append("  UNREACHED  \(label): never reached, the run is vacuous for it")
            case .violated(let trace):
                let n = trace.steps.count
                if let reason = expectedReason(verdict.name) {
                    out.append("  violated   \(label) in \(n) step\(n == 1 ? "" : "s") (expected: \(reason))")
                } else {
                    out.append("  VIOLATED   \(label) in \(n) step\(n == 1 ? "" : "s") (\(trace.minimization.rawValue)\(unexpectedNote))")
                    out.append(contentsOf: render(trace))
                }
            }
        }
        return out
    }

    /// Speed and memory, which differ between runs.
    public var timingLine: String {
        let rate = seconds > 0 ? Double(distinctStates) / seconds : 0
        return String(
            format: "time %.2f s, %@ states/s, visited set %@ bytes (%.1f bytes/state), %d thread%@",
            seconds, Int(rate).grouped, visitedBytes.grouped,
            distinctStates > 0 ? Double(visitedBytes) / Double(distinctStates) : 0,
            options.threads, options.threads == 1 ? "" : "s")
    }

    public static func scientific(_ x: Double) -> String {
        x == 0 ? "0" : String(format: "%.1e", x)
    }
}
