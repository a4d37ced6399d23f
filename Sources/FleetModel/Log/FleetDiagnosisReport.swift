import Explorer
import FleetCard

/// A whole diagnosis: the log split into episodes, each searched (a stuck one ends the carried
/// search: the next episode starts again from the model's initial states), and the report text.
public struct FleetDiagnosisReport {
    public enum Verdict: Equatable, Sendable {
        /// One behaviour writes every line.
        case consistent
        /// Each episode is written by a behaviour of its own, but no one behaviour writes them
        /// all: the behaviour carried from the first line breaks at this 1-based line.
        case pieces(line: Int)
        /// No line of a kind the model knows: nothing to check.
        case noEvidence
        /// Some episode inconsistent (the first at this 1-based line).
        case inconsistent(line: Int)
        /// The search was cut short (a limit or a signal) before an answer.
        case cutShort(reason: String)
        /// With `Options.breaking`: consistent, but no behaviour within the bounds that writes
        /// the log breaks the property.
        case unbroken(property: String)
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

    /// How an episode came out.
    enum EpisodeResult: Equatable {
        case consistent
        /// Consistent only searched from the model's initial states at its first line (no
        /// behaviour carried from the lines before reaches its end).
        case fresh
        case inconsistent(index: Int)
        case notDecided(index: Int, reason: String)
        /// After a line no behaviour of the world writes (`FleetWorldAssumption`): not searched.
        case notSearched(after: Int)
    }

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
        let diagnosis = FleetDiagnosis(model: model, log: log, options: options)
        let starts = episodeStarts(log)
        // A line no behaviour of the world writes, whatever came before it: the search reads
        // only the lines before it (issue 54: such a log used to be searched to exhaustion).
        let refused = FleetWorldAssumption.firstImpossible(model.config, log)
        let n = refused?.index ?? log.lines.count
        var results = [EpisodeResult?](repeating: nil, count: starts.count)
        func episode(of index: Int) -> Int { (starts.lastIndex { $0 <= index }) ?? 0 }
        func end(of e: Int) -> Int { min(e + 1 < starts.count ? starts[e + 1] : log.lines.count, n) }
        // Episodes a search beginning at episode `first` passed: consistent, or fresh for the
        // first when it was searched afresh (not carried from the lines before).
        func passed(_ episodes: Range<Int>, first: Int, retried: Bool) {
            for e in episodes where results[e] == nil { results[e] = retried && e == first ? .fresh : .consistent }
        }
        var explored = 0
        var memo = FleetRunMemo()
        let openings = FleetWindowOpenings()
        // Every 1,024 lines, however many searches the lines took.
        var reported = -1
        func progressed(_ line: Int, _ candidates: Int) {
            guard let progress, reported < 0 || line >> 10 > reported >> 10 else { return }
            reported = line
            progress(line, candidates)
        }
        var outcomes: [FleetDiagnosis.Outcome] = []
        var spent = 0
        // One search at the gap bounds asked (a gap's world actions tried last, so a gap that
        // needs none is passed before any is tried). A search carried past its first episode
        // gives up early (`stallBudget`) where the episode is searched afresh instead.
        func search(_ range: Range<Int>, stall: Int?) -> FleetDiagnosis.Outcome {
            let window = diagnosis.isWindow(range)
            if options.reuseRuns, stop?.isRaised != true, let known = memo.answer(log, range, window: window, stall: stall) {
                progressed(known.linesOfStep.last?.last ?? range.lowerBound, 0)
                return known
            }
            let outcome = diagnosis.run(range, stop: stop, reason: reason, progress: progressed, stall: stall, tick: heartbeat, openings: openings)
            spent += outcome.candidates
            explored += outcome.expanded
            if options.reuseRuns, stop?.isRaised != true { memo.keep(outcome, log, range, window: window, stall: stall) }
            return outcome
        }
        var from = 0
        var retried = false
        var firstStuck: Int?
        // Where the one behaviour from the first line breaks, once a search from there is stuck.
        var oneBreaks: FleetDiagnosis.Outcome?
        // Where the carried search began that gave up (stalled) at the episode now searched
        // afresh: before an episode is called inconsistent, that search is run to the end.
        var stalledFrom: Int?
        while from < n {
            if stop?.isRaised == true {
                // Stopped between two searches: the episodes not searched are not decided.
                let why = reason()
                for k in episode(of: from)..<starts.count where results[k] == nil { results[k] = .notDecided(index: from, reason: why) }
                break
            }
            spent = 0
            // A line past what one behaviour carried from here writes (its starts name one more
            // token than the world holds): searched only up to it, and stuck there if it passes.
            let beyond = FleetWorldAssumption.firstBeyondOneBehaviour(model.config, log, lines: from..<min(n, from + Self.beyondScan))
                .flatMap { $0.index > from ? $0 : nil }
            // Its episode is searched afresh whatever happens at its first lines: the carried
            // search stops where that episode begins (a decide start it would mostly stall at).
            let last = beyond.map { b in starts[episode(of: b.index)] > from ? starts[episode(of: b.index)] : b.index }
            var outcome = search(from..<(last ?? n), stall: stallBudget)
            if let beyond, let last, outcome.ending == .consistent {
                outcome = refusedLine(beyond.index, after: outcome, origin: from, options: options, why: beyond.why, orBefore: last < beyond.index)
            }
            if case .stalled(let index) = outcome.ending, starts[episode(of: index)] == from {
                // Stalled in the episode it began at: that episode alone is searched to the end
                // (every behaviour within the bounds), and the next one afresh.
                let e = episode(of: index)
                outcome = search(from..<end(of: e), stall: nil)
                if outcome.ending == .consistent, end(of: e) < n {
                    outcome.candidates = spent
                    outcomes.append(outcome)
                    results[e] = retried ? .fresh : .consistent
                    firstStuck = nil
                    stalledFrom = nil
                    retried = true
                    from = end(of: e)
                    continue
                }
            }
            outcome.candidates = spent
            outcomes.append(outcome)
            let first = episode(of: from)
            switch outcome.ending {
            case .consistent:
                passed(first..<starts.count, first: first, retried: retried)
                firstStuck = nil
                from = n
            case .stuck(let index):
                if from == 0 && oneBreaks == nil { oneBreaks = outcome }
                let e = episode(of: index)
                passed(first..<e, first: first, retried: retried)
                if starts[e] > from {
                    // Searched again from any reachable state where the stuck episode begins.
                    stalledFrom = nil
                    firstStuck = outcome.refusedOrBefore ? nil : index
                    from = starts[e]
                    retried = true
                } else {
                    if let carried = stalledFrom {
                        // The carried search only gave up here: searched to the end, it may pass.
                        stalledFrom = nil
                        let again = search(carried..<end(of: e), stall: nil)
                        outcomes.append(again)
                        if again.ending == .consistent {
                            results[e] = .consistent
                            from = end(of: e)
                            continue
                        }
                    }
                    // The line the carried search could not write, when it was carried here.
                    results[e] = .inconsistent(index: firstStuck ?? index)
                    firstStuck = nil
                    retried = true
                    from = end(of: e)
                }
            case .stalled(let index):
                stalledFrom = from
                let e = episode(of: index)
                passed(first..<e, first: first, retried: retried)
                firstStuck = nil
                from = starts[e]
                retried = true
            case .cutShort(let index, let why):
                for k in first..<episode(of: index) where results[k] == nil { results[k] = retried && k == first ? .fresh : .consistent }
                for k in episode(of: index)..<starts.count where results[k] == nil { results[k] = .notDecided(index: index, reason: why) }
                from = n
            case .unbroken:
                // Only a search asked to break a property (`breaking`, which does not come here).
                passed(first..<starts.count, first: first, retried: retried)
                from = n
            }
        }
        var refusedOutcome: FleetDiagnosis.Outcome?
        if let refused {
            let e = episode(of: refused.index)
            switch results[e] {
            case .inconsistent?, .notDecided?: break
            default:
                results[e] = .inconsistent(index: refused.index)
                // The behaviour that wrote the episode's lines before it is the longest prefix.
                let prefix = starts[e] < refused.index ? outcomes.last { $0.ending == .consistent } : nil
                refusedOutcome = refusedLine(
                    refused.index, after: prefix, origin: starts[e], options: options,
                    why: "no behaviour of this world writes such a line, whatever came before it")
            }
            // Episodes past the line were never searched (a search that read up to it marks them passed).
            for k in (e + 1)..<max(e + 1, starts.count) { results[k] = .notSearched(after: refused.index) }
        }
        var verdict = Verdict.consistent
        for r in results {
            if case .inconsistent(let index) = r { verdict = .inconsistent(line: log.lines[index].number); break }
        }
        for r in results {
            if case .notDecided(_, let why) = r, verdict == .consistent { verdict = .cutShort(reason: why); break }
        }
        // Episodes written only by behaviours of their own: one behaviour writes the log only
        // if the search from the first line, run to the end (no stall budget), passes.
        var whole: FleetDiagnosis.Outcome?
        // Known from the lines alone: no one behaviour writes past this line (the exact line it
        // breaks at, this one or before, not searched to the end).
        var beyondOne: (index: Int, why: String)?
        if verdict == .consistent, results.contains(where: { $0 == .fresh }) {
            if oneBreaks == nil, stop?.isRaised != true {
                // One behaviour names no more push-to-start tokens than the world's phones hold:
                // it cannot write past the line naming one more. The lines before it are searched
                // within a budget: where the behaviour breaks before it, proving so may be long.
                let beyond = FleetWorldAssumption.firstBeyondOneBehaviour(model.config, log).flatMap { $0.index < n ? $0 : nil }
                spent = 0
                var again: FleetDiagnosis.Outcome
                if let beyond {
                    // Up to the episode it is in (its first lines, a decide start, are mostly
                    // where the carried behaviour breaks, and proving so is the long part).
                    let last = starts[episode(of: beyond.index)] > 0 ? starts[episode(of: beyond.index)] : beyond.index
                    var probe = options
                    probe.maxStates = min(options.maxStates, options.oneBehaviourProbe)
                    again = FleetDiagnosis(model: model, log: log, options: probe)
                        .run(0..<last, stop: stop, reason: reason, progress: progressed, stall: nil, tick: heartbeat, openings: openings)
                    spent = again.candidates
                    explored += again.expanded
                    if again.ending == .consistent {
                        again = refusedLine(beyond.index, after: again, origin: 0, options: options, why: beyond.why, orBefore: last < beyond.index)
                    } else if case .cutShort = again.ending, stop?.isRaised != true {
                        beyondOne = beyond
                    }
                } else {
                    again = search(0..<n, stall: nil)
                }
                again.candidates = spent
                outcomes.append(again)
                whole = again
                if case .stuck = again.ending { oneBreaks = again }
            }
            if let broke = oneBreaks, case .stuck(let index) = broke.ending, broke.refusedOrBefore {
                verdict = .pieces(line: log.lines[index].number)
                beyondOne = (index, broke.refusal ?? "")
            } else if let broke = oneBreaks, case .stuck(let index) = broke.ending {
                verdict = .pieces(line: log.lines[index].number)
            } else if let beyondOne {
                verdict = .pieces(line: log.lines[beyondOne.index].number)
            } else if let whole, whole.ending == .consistent {
                // One behaviour writes it after all (the carried search had only given up).
                for e in results.indices { results[e] = .consistent }
            } else if case .cutShort(_, let why)? = whole?.ending {
                verdict = .cutShort(reason: "each episode is consistent on its own; whether one behaviour writes them all: \(why)")
            } else {
                verdict = .cutShort(reason: "each episode is consistent on its own; whether one behaviour writes them all was not searched")
            }
        }
        var text = header(model, log, path: path, episodes: starts.count, options: options)
        text += episodeLines(log, starts, results)
        // The body tells where one behaviour breaks for a log in pieces, else the first search
        // that stuck (the longest prefix there), else the witness.
        let shown: FleetDiagnosis.Outcome?
        switch verdict {
        case .pieces: shown = oneBreaks ?? whole
        case .consistent: shown = whole ?? outcomes.last
        default: shown = outcomes.first { if case .stuck = $0.ending { true } else { false } } ?? refusedOutcome ?? outcomes.last
        }
        if let shown { text += body(diagnosis, shown, log) }
        let searched = outcomes.reduce(0) { $0 + $1.candidates }
        text.append("search: \(searched) candidate state(s) over \(outcomes.count) run(s), \(explored) gap state(s) explored"
            + (memo.hits > 0 ? "; \(memo.hits) search(es) answered by an earlier one that read the same lines up to names" : ""))
        text += FleetLogRule.lines(log)
        switch verdict {
        case .consistent: text.append("result: consistent (one behaviour of the model writes every line)")
        case .pieces(let line):
            if let beyondOne {
                if oneBreaks?.refusedOrBefore != true {
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
        return FleetDiagnosisReport(verdict: verdict, lines: text, outcomes: outcomes)
    }

    /// The episodes: a count when all are consistent and carried, else one line for each that is
    /// not (searched afresh, inconsistent), and one for each run of episodes not decided.
    static func episodeLines(_ log: FleetLog, _ starts: [Int], _ results: [EpisodeResult?]) -> [String] {
        let n = log.lines.count
        var out: [String] = []
        var e = 0
        while e < starts.count {
            let s = starts[e]
            let end = e + 1 < starts.count ? starts[e + 1] : n
            let span = "episode \(e + 1), lines \(log.lines[s].number)–\(log.lines[end - 1].number)"
            switch results[e] {
            case .consistent?, nil: if starts.count <= 20 { out.append("  \(span): consistent") }
            case .fresh?: out.append("  \(span): consistent only as a behaviour of its own, opening at its first line (no behaviour carried from the lines before writes it)")
            case .inconsistent(let index)?: out.append("  \(span): INCONSISTENT at line \(log.lines[index].number)")
            case .notSearched(let after)?:
                var last = e
                while last + 1 < starts.count, case .notSearched? = results[last + 1] { last += 1 }
                let stop = last + 1 < starts.count ? starts[last + 1] : n
                let episodes = last > e ? "episodes \(e + 1)–\(last + 1)" : "episode \(e + 1)"
                out.append("  \(episodes), lines \(log.lines[s].number)–\(log.lines[stop - 1].number): not searched (line \(log.lines[after].number) before them is one this world never writes)")
                e = last
            case .notDecided(let index, let why)?:
                // A run of episodes not decided is one line (a log stopped early has thousands).
                var last = e
                while last + 1 < starts.count, case .notDecided? = results[last + 1] { last += 1 }
                let stop = last + 1 < starts.count ? starts[last + 1] : n
                let episodes = last > e ? "episodes \(e + 1)–\(last + 1)" : "episode \(e + 1)"
                out.append("  \(episodes), lines \(log.lines[s].number)–\(log.lines[stop - 1].number): not decided: the search was cut short at line \(log.lines[min(index, n - 1)].number) (\(why))")
                e = last
            }
            e += 1
        }
        let carried = results.count { $0 == .consistent }
        return ["episodes: \(starts.count) (one at the first line and at each decide start), \(carried) consistent as one carried behaviour"] + out
    }

    /// The outcome at a line the world never writes: stuck there with no search, the steps of
    /// `prefix` (the witness of the episode's lines before it, if any) as the longest prefix.
    static func refusedLine(
        _ index: Int, after prefix: FleetDiagnosis.Outcome?, origin: Int, options: FleetDiagnosis.Options, why: String,
        orBefore: Bool = false
    ) -> FleetDiagnosis.Outcome {
        var out = prefix ?? FleetDiagnosis.Outcome(
            ending: .stuck(index: index), steps: [], linesOfStep: [], candidates: 0, expanded: 0, wouldLog: [], stuckStates: [],
            stuckCount: 0, origin: origin)
        out.ending = .stuck(index: index)
        out.refusal = why
        out.refusedOrBefore = orBefore
        out.wouldLog = []
        out.stuckStates = []
        out.stuckCount = 0
        if prefix == nil { out.level = options }
        return out
    }

    /// The witness's widest gap: the most unlogged steps between two logged ones, and the most
    /// world actions among them (what the report says the log needed).
    static func widestGap(_ outcome: FleetDiagnosis.Outcome) -> (steps: Int, world: Int) {
        var steps = 0, world = 0, most = (steps: 0, world: 0)
        for (action, lines) in zip(outcome.steps, outcome.linesOfStep) {
            if lines.isEmpty {
                steps += 1
                if action.isWorld { world += 1 }
                most = (max(most.steps, steps), max(most.world, world))
            } else {
                (steps, world) = (0, 0)
            }
        }
        return most
    }

    /// Lines past a carried search's first that are read for a start naming one token too many.
    static let beyondScan = 4_096

    /// Nodes a carried search expands without passing a line before it gives up and the
    /// episode it is in is searched afresh from the model's initial states.
    public static let stallBudget = 1_000

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
