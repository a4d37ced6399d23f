import Explorer
import FleetCard

/// A whole diagnosis: the log split into episodes, each searched (a stuck one ends the carried
/// search: the next episode starts again from the model's initial states), and the report text.
public struct FleetDiagnosisReport {
    public enum Verdict: Equatable, Sendable {
        /// Every episode consistent.
        case consistent
        /// Some episode inconsistent (the first at this 1-based line).
        case inconsistent(line: Int)
        /// The search was cut short (a limit or a signal) before an answer.
        case cutShort(reason: String)
    }

    public var verdict: Verdict
    public var lines: [String]
    /// The search outcomes, one per search run (the first from line 1, then one per restart).
    public var outcomes: [FleetDiagnosis.Outcome]

    /// The lines where an episode begins (0-based): the first line, and every `decide start`
    /// (the reducer starts only when the server holds no card).
    public static func episodeStarts(_ log: FleetLog) -> [Int] {
        var out = [0]
        for (i, l) in log.lines.enumerated() where i > 0 {
            if case .decide(.start, _, _, _, _, _) = l.event { out.append(i) }
        }
        return log.lines.isEmpty ? [] : out
    }

    /// Diagnoses `log` (named `path` in the text) on `model`.
    public static func make(
        _ model: FleetSystem, _ log: FleetLog, path: String, options: FleetDiagnosis.Options = .init(),
        stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" }
    ) -> FleetDiagnosisReport {
        let diagnosis = FleetDiagnosis(model: model, log: log, options: options)
        let starts = episodeStarts(log)
        var outcomes: [FleetDiagnosis.Outcome] = []
        var from = 0
        var episodeLines: [String] = []
        var verdict = Verdict.consistent
        let n = log.lines.count
        while from < n {
            let outcome = deepening(model, log, from..<n, options: options, stop: stop, reason: reason)
            outcomes.append(outcome)
            let reached: Int
            switch outcome.ending {
            case .consistent: reached = n
            case .stuck(let index), .cutShort(let index, _): reached = index
            }
            var next = n
            if case .stuck(let index) = outcome.ending { next = starts.first { $0 > index } ?? n }
            for (e, s) in starts.enumerated() where s >= from && s < next {
                let end = e + 1 < starts.count ? starts[e + 1] : n
                let span = "episode \(e + 1), lines \(log.lines[s].number)–\(log.lines[end - 1].number)"
                let fresh = s == from && from > 0 ? " (searched from the model's initial states)" : ""
                if end <= reached {
                    episodeLines.append("  \(span): consistent" + fresh)
                } else if case .stuck(let index) = outcome.ending {
                    episodeLines.append("  \(span): INCONSISTENT at line \(log.lines[index].number)" + fresh)
                } else if case .cutShort(let index, let why) = outcome.ending {
                    episodeLines.append("  \(span): not decided: the search was cut short at line \(log.lines[min(index, n - 1)].number) (\(why))")
                    break
                }
            }
            switch outcome.ending {
            case .consistent:
                from = n
            case .stuck(let index):
                if verdict == .consistent { verdict = .inconsistent(line: log.lines[index].number) }
                // The next episode after the stuck line is searched afresh.
                from = next
            case .cutShort(_, let why):
                if verdict == .consistent { verdict = .cutShort(reason: why) }
                from = n
            }
        }
        var text = header(model, log, path: path, episodes: starts.count, options: options)
        text += ["episodes:"] + episodeLines
        if let first = outcomes.first { text += body(diagnosis, first, log) }
        for later in outcomes.dropFirst() {
            if case .stuck(let index) = later.ending {
                text.append("after the restart: inconsistent at line \(log.lines[index].number) as well (see the episodes above)")
            }
        }
        let searched = outcomes.reduce(0) { $0 + $1.candidates }
        text.append("search: \(searched) candidate state(s) stored over \(outcomes.count) run(s)")
        text += FleetLogRule.lines(log)
        switch verdict {
        case .consistent: text.append("result: consistent (every line is a behaviour of the model)")
        case .inconsistent(let line): text.append("result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)")
        case .cutShort(let why): text.append("result: NOT decided (search cut short: \(why))")
        }
        return FleetDiagnosisReport(verdict: verdict, lines: text, outcomes: outcomes)
    }

    /// The gap bounds tried in turn, each a whole search, up to `options`' (the widest): most
    /// logs need short gaps, and a narrow search is far smaller. A log is called inconsistent
    /// only by the widest search; the first that consumes every line gives the witness.
    public static func levels(_ options: FleetDiagnosis.Options) -> [FleetDiagnosis.Options] {
        var out: [FleetDiagnosis.Options] = []
        for (steps, world) in [(4, 1), (8, 1), (12, 2)] where steps < options.gapSteps {
            var o = options
            o.gapSteps = steps
            o.gapWorldBudget = min(world, options.gapWorldBudget)
            out.append(o)
        }
        return out + [options]
    }

    /// The search over `range` at each of `levels` in turn: the first consistent one, else the
    /// widest's answer (a cut-short narrow search moves on to the next level only when a limit,
    /// not a signal, stopped it).
    static func deepening(
        _ model: FleetSystem, _ log: FleetLog, _ range: Range<Int>, options: FleetDiagnosis.Options, stop: StopSignal?,
        reason: @escaping () -> String
    ) -> FleetDiagnosis.Outcome {
        var last: FleetDiagnosis.Outcome?
        var spent = 0
        for level in levels(options) {
            var outcome = FleetDiagnosis(model: model, log: log, options: level).run(range, stop: stop, reason: reason)
            spent += outcome.candidates
            outcome.candidates = spent
            outcome.level = level
            if outcome.ending == .consistent || stop?.isRaised == true { return outcome }
            last = outcome
        }
        return last ?? FleetDiagnosis(model: model, log: log, options: options).run(range, stop: stop, reason: reason)
    }

    static func header(_ model: FleetSystem, _ log: FleetLog, path: String, episodes: Int, options: FleetDiagnosis.Options) -> [String] {
        var out = ["\(path): \(log.lines.count) line(s) read, \(episodes) episode(s); model fleet-card: \(StrictJSON.shortened(model.config.description, limit: 120))"]
        out.append("between two lines: up to \(options.gapSteps) unlogged steps, \(options.gapWorldBudget) of them world actions (narrower gaps tried first); end hold: server \(model.config.holds.server) s, app \(model.config.holds.app) s")
        if !log.skipped.isEmpty {
            let total = log.skipped.reduce(0) { $0 + $1.count }
            out.append("skipped \(total) line(s) of unknown event kinds: "
                + log.skipped.map { "\"\(StrictJSON.shortened($0.kind))\" ×\($0.count) (first at line \($0.firstLine))" }.joined(separator: ", "))
        }
        return out
    }
}
