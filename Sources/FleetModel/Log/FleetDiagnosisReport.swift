import Explorer
import FleetCard

/// A whole diagnosis: the log split into episodes, each searched (a stuck one ends the carried
/// search: the next episode starts again from the model's initial states), and the report text.
public struct FleetDiagnosisReport {
    public typealias Verdict = TraceVerdict
    typealias EpisodeResult = TraceEpisodeResult

    public var verdict: Verdict
    public var lines: [String]
    /// The search outcomes, one per search run (the first from line 1, then one per restart).
    public var outcomes: [FleetDiagnosis.Outcome]

    /// The lines where an episode begins (0-based): the first line, and every `decide start`
    /// (the reducer starts only when the server holds no card).
    public static func episodeStarts(_ log: FleetLog) -> [Int] { TraceDiagnosis<FleetSystem>.episodeStarts(log) }

    /// Diagnoses `log` (named `path` in the text) on `model`: one search carried through the
    /// log; where it sticks, the episode is searched again from any reachable state at its
    /// first line (the phones' state there is not in the log), and if that sticks too the
    /// episode is inconsistent and the search starts afresh at the next episode. "Consistent"
    /// only when one search from the first line writes every line: when episodes passed only
    /// afresh, the search from the first line is run to the end to say where it breaks.
    public static func make(
        _ model: FleetSystem, _ log: FleetLog, path: String, options: FleetDiagnosis.Options = .init(),
        stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" },
        progress: ((_ line: Int, _ candidates: Int) -> Void)? = nil,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> FleetDiagnosisReport {
        if log.lines.isEmpty {
            var text = header(model, log, path: path, episodes: 0, options: options)
            text.append(TraceReport.noEvidence)
            return FleetDiagnosisReport(verdict: .noEvidence, lines: text, outcomes: [])
        }
        if let name = options.breaking {
            return breaking(name, model, log, path: path, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
        }
        let found = TraceDiagnosis.make(
            model, log, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
        let diagnosis = FleetDiagnosis(model: model, log: log, options: options)
        var text = header(model, log, path: path, episodes: found.starts.count, options: options)
        text += episodeLines(log, found.starts, found.results)
        if let shown = found.shown { text += body(diagnosis, shown, log) }
        text.append(TraceReport.search(found))
        text += FleetLogRule.lines(log)
        text += TraceReport.result(found, options: options)
        return FleetDiagnosisReport(verdict: found.verdict, lines: text, outcomes: found.outcomes)
    }

    /// The episodes (`TraceReport.episodes`): a new one at each decide start.
    static func episodeLines(_ log: FleetLog, _ starts: [Int], _ results: [EpisodeResult?]) -> [String] {
        TraceReport.episodes(log, starts, results, startsAt: "each decide start")
    }

    /// The witness's widest gap (`TraceDiagnosis.widestGap`): what the report says the log needed.
    static func widestGap(_ outcome: FleetDiagnosis.Outcome) -> (steps: Int, world: Int) {
        TraceDiagnosis.widestGap(outcome) { $0.isWorld }
    }

    /// Nodes a carried search expands without passing a line before it gives up (`TraceDiagnosis.stallBudget`).
    public static var stallBudget: Int { TraceDiagnosis<FleetSystem>.stallBudget }

    static func header(_ model: FleetSystem, _ log: FleetLog, path: String, episodes: Int, options: FleetDiagnosis.Options) -> [String] {
        var out = ["\(path): \(log.lines.count) line(s) read, \(episodes) episode(s); model fleet-card: \(StrictJSON.shortened(model.config.description, limit: 120))"]
        out.append("between two lines: up to \(options.gapSteps) unlogged steps, \(options.gapWorldBudget) of them world actions (a gap's cheapest steps first, a world action costing two); end hold: server \(model.config.holds.server) s, app \(model.config.holds.app) s")
        if options.window {
            out.append("the log is read as a window: its first line may be written from any state the configuration reaches (up to \(options.windowWorldBudget) world action(s) before it, the configuration's world budget; --from-start for a whole log)")
        } else {
            out.append("the log is read from the model's initial states (--from-start: the log is whole; an episode searched afresh starts from them too)")
        }
        if let kinds = options.events {
            let unwritten = FleetFileLogEvent.kinds.filter { !kinds.contains($0) }
            out.append("the build wrote: \(FleetFileLogEvent.kinds.filter { kinds.contains($0) }.joined(separator: ", "))"
                + (unwritten.isEmpty ? "" : " (not: \(unwritten.joined(separator: ", ")); the model's lines of those kinds are not required)"))
        }
        if !log.skipped.isEmpty {
            let total = log.skipped.reduce(0) { $0 + $1.count }
            out.append("skipped \(total) line(s) of unknown event kinds: "
                + log.skipped.map { "\"\(StrictJSON.shortened($0.kind))\" ×\($0.count) (first at line \($0.firstLine))" }.joined(separator: ", "))
        }
        return out
    }
}
