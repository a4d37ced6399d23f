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
            text.append("result: no evidence (no line of a kind the model knows: nothing to check)")
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
        text.append("search: \(found.candidates) candidate state(s) over \(found.outcomes.count) run(s), \(found.explored) gap state(s) explored"
            + (found.reused > 0 ? "; \(found.reused) search(es) answered by an earlier one that read the same lines up to names" : ""))
        text += FleetLogRule.lines(log)
        switch found.verdict {
        case .consistent: text.append("result: consistent (one behaviour of the model writes every line)")
        case .pieces(let line):
            if let beyondOne = found.beyondOne {
                if found.oneBreaks?.refusedOrBefore != true {
                    text.append("no behaviour carried from the first line writes line \(line): \(beyondOne.why); where before it the carried behaviour breaks was not decided (the search of the lines before it stopped at \(options.oneBehaviourProbe) states)")
                }
                text.append("result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line \(line) or before)")
            } else {
                text.append("result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line \(line))")
            }
        case .inconsistent(let line): text.append("result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)")
        case .cutShort(let why): text.append("result: NOT decided (search cut short: \(why))")
        case .unbroken, .noEvidence: break  // only with `breaking`, or an empty log (above)
        }
        return FleetDiagnosisReport(verdict: found.verdict, lines: text, outcomes: found.outcomes)
    }

    /// The episodes: a count when all are consistent and carried, else one line for each that is
    /// not (searched afresh, inconsistent), and one for each run of episodes not decided.
    static func episodeLines(_ log: FleetLog, _ starts: [Int], _ results: [EpisodeResult?]) -> [String] {
        let n = log.lines.count
        var out: [String] = []
        var e = 0
        // The episodes from `e` whose results are alike, as one span: the last one and its words.
        func run(from e: Int, alike: (EpisodeResult?) -> Bool) -> (last: Int, text: String) {
            var last = e
            while last + 1 < starts.count, alike(results[last + 1]) { last += 1 }
            let stop = last + 1 < starts.count ? starts[last + 1] : n
            let episodes = last > e ? "episodes \(e + 1)–\(last + 1)" : "episode \(e + 1)"
            return (last, "  \(episodes), lines \(log.lines[starts[e]].number)–\(log.lines[stop - 1].number)")
        }
        while e < starts.count {
            let s = starts[e]
            let end = e + 1 < starts.count ? starts[e + 1] : n
            let span = "episode \(e + 1), lines \(log.lines[s].number)–\(log.lines[end - 1].number)"
            switch results[e] {
            case .consistent?, nil: if starts.count <= 20 { out.append("  \(span): consistent") }
            case .fresh?: out.append("  \(span): consistent only as a behaviour of its own, opening at its first line (no behaviour carried from the lines before writes it)")
            case .inconsistent(let index)?: out.append("  \(span): INCONSISTENT at line \(log.lines[index].number)")
            case .notSearched(let after)?:
                let (last, text) = run(from: e) { if case .notSearched? = $0 { true } else { false } }
                out.append(text + ": not searched (line \(log.lines[after].number) before them is one this world never writes)")
                e = last
            case .notDecided(let index, let why)?:
                // A run of episodes not decided is one line (a log stopped early has thousands).
                let (last, text) = run(from: e) { if case .notDecided? = $0 { true } else { false } }
                out.append(text + ": not decided: the search was cut short at line \(log.lines[min(index, n - 1)].number) (\(why))")
                e = last
            }
            e += 1
        }
        let carried = results.count { $0 == .consistent }
        return ["episodes: \(starts.count) (one at the first line and at each decide start), \(carried) consistent as one carried behaviour"] + out
    }

    /// The witness's widest gap (`TraceDiagnosis.widestGap`): what the report says the log needed.
    static func widestGap(_ outcome: FleetDiagnosis.Outcome) -> (steps: Int, world: Int) {
        TraceDiagnosis.widestGap(outcome) { $0.isWorld }
    }

    /// Nodes a carried search expands without passing a line before it gives up (`TraceDiagnosis.stallBudget`).
    public static var stallBudget: Int { TraceDiagnosis<FleetSystem>.stallBudget }

    static func header(_ model: FleetSystem, _ log: FleetLog, path: String, episodes: Int, options: FleetDiagnosis.Options) -> [String] {
        var out = ["\(path): \(log.lines.count) line(s) read, \(episodes) episode(s); model fleet-card: \(StrictJSON.shortened(model.config.description, limit: 120))"]
        out.append("between two lines: up to \(options.gapSteps) unlogged steps, \(options.gapWorldBudget) of them world actions (a gap's world actions tried last); end hold: server \(model.config.holds.server) s, app \(model.config.holds.app) s")
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
