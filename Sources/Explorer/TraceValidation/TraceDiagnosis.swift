/// A whole diagnosis of a log on a model, in the model's terms (a model's report renders it:
/// the fleet's `FleetDiagnosisReport`): the log split into episodes (`LogProjectedModel.startsEpisode`),
/// one search carried through them, an episode searched afresh where it sticks, and the verdict
/// "consistent" only when one behaviour from the first line writes every line.
public struct TraceDiagnosis<M: LogProjectedModel> {
    public var verdict: TraceVerdict
    /// The lines where an episode begins (0-based).
    public var starts: [Int]
    /// How each episode came out (nil: passed by no search, which a finished diagnosis leaves for none).
    public var results: [TraceEpisodeResult?]
    /// The search outcomes, one per search run (the first from line 1, then one per restart).
    public var outcomes: [TraceSearch<M>.Outcome]
    /// The outcome a report tells: where one behaviour breaks for a log in pieces, else the
    /// first search that stuck (the longest prefix there), else the witness.
    public var shown: TraceSearch<M>.Outcome?
    /// Candidate states stored in all, and nodes expanded in all.
    public var candidates: Int
    public var explored: Int
    /// Searches answered by an earlier one that read the same lines up to names (`TraceRunMemo`).
    public var reused: Int
    /// For a log in pieces: the line past what one behaviour writes, known from the lines alone
    /// (`LogProjectedModel.firstBeyondOneBehaviour`), where the search of the lines before it
    /// stopped at `Options.oneBehaviourProbe` states: the behaviour breaks there or before.
    public var beyondOne: (index: Int, why: String)?
    /// Where the one behaviour from the first line breaks, once a search from there is stuck.
    public var oneBreaks: TraceSearch<M>.Outcome?

    /// The lines where an episode begins (0-based): the first line, and every line the model
    /// says begins one (the fleet: every `decide start`, which the reducer makes only when the
    /// server holds no card).
    public static func episodeStarts(_ log: M.Log) -> [Int] {
        var out = [0]
        for (i, l) in log.lines.enumerated() where i > 0 {
            if M.startsEpisode(l.event) { out.append(i) }
        }
        return log.lines.isEmpty ? [] : out
    }

    /// Diagnoses `log` on `model` (a log of at least one line): one search carried through the
    /// log; where it sticks, the episode is searched again from any reachable state at its
    /// first line (the state there is not in the log), and if that sticks too the
    /// episode is inconsistent and the search starts afresh at the next episode. "Consistent"
    /// only when one search from the first line writes every line: when episodes passed only
    /// afresh, the search from the first line is run to the end to say where it breaks.
    public static func make(
        _ model: M, _ log: M.Log, options: TraceSearch<M>.Options = .init(),
        stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" },
        progress: ((_ line: Int, _ candidates: Int) -> Void)? = nil,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> TraceDiagnosis {
        let diagnosis = TraceSearch(model: model, log: log, options: options)
        // Once an episode is inconsistent the verdict's line is known (the episodes before it
        // are decided): the episodes after it are searched within the probe's budget only.
        var capped = options
        capped.maxStates = min(options.maxStates, options.oneBehaviourProbe)
        let after = TraceSearch(model: model, log: log, options: capped)
        var verdictKnown = false
        let starts = episodeStarts(log)
        // A line no behaviour of the world writes, whatever came before it: the search reads
        // only the lines before it (issue 54: such a log used to be searched to exhaustion).
        let refused = model.firstUnwritable(log)
        let n = refused?.index ?? log.lines.count
        var results = [TraceEpisodeResult?](repeating: nil, count: starts.count)
        func episode(of index: Int) -> Int { (starts.lastIndex { $0 <= index }) ?? 0 }
        func end(of e: Int) -> Int { min(e + 1 < starts.count ? starts[e + 1] : log.lines.count, n) }
        // Episodes a search beginning at episode `first` passed: consistent, or fresh for the
        // first when it was searched afresh (not carried from the lines before).
        func passed(_ episodes: Range<Int>, first: Int, retried: Bool) {
            for e in episodes where results[e] == nil { results[e] = retried && e == first ? .fresh : .consistent }
        }
        var explored = 0
        var memo = TraceRunMemo<M>()
        let openings = TraceWindowOpenings<M>()
        // Every 1,024 lines, however many searches the lines took.
        var reported = -1
        func progressed(_ line: Int, _ candidates: Int) {
            guard let progress, reported < 0 || line >> 10 > reported >> 10 else { return }
            reported = line
            progress(line, candidates)
        }
        var outcomes: [TraceSearch<M>.Outcome] = []
        var spent = 0
        // One search at the gap bounds asked (a gap's cheapest steps first, a world action
        // costing two). A search carried past its first episode gives up early (`stallBudget`)
        // where the episode is searched afresh instead.
        func search(_ range: Range<Int>, stall: Int?, watch: Bool = false) -> TraceSearch<M>.Outcome {
            let window = diagnosis.isWindow(range)
            if options.reuseRuns, stop?.isRaised != true, let known = memo.answer(log, range, window: window, stall: stall, watch: watch) {
                progressed(known.linesOfStep.last?.last ?? range.lowerBound, 0)
                return known
            }
            var outcome = (verdictKnown ? after : diagnosis)
                .run(range, stop: stop, reason: reason, progress: progressed, stall: stall, watch: watch, tick: heartbeat, openings: openings)
            if verdictKnown, capped.maxStates < options.maxStates, stop?.isRaised != true, case .cutShort(let index, _) = outcome.ending {
                outcome.ending = .cutShort(index: index, reason: "not searched past \(capped.maxStates) search states, the log being inconsistent at an earlier line")
            }
            spent += outcome.candidates
            explored += outcome.expanded
            if options.reuseRuns, stop?.isRaised != true { memo.keep(outcome, log, range, window: window, stall: stall, watch: watch) }
            return outcome
        }
        var from = 0
        var retried = false
        var firstStuck: Int?
        // Where the one behaviour from the first line breaks, once a search from there is stuck.
        var oneBreaks: TraceSearch<M>.Outcome?
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
            let beyond = model.firstBeyondOneBehaviour(log, lines: from..<min(n, from + Self.beyondScan))
                .flatMap { $0.index > from ? $0 : nil }
            // Its episode is searched afresh whatever happens at its first lines: the carried
            // search stops where that episode begins (a decide start it would mostly stall at).
            let last = beyond.map { b in starts[episode(of: b.index)] > from ? starts[episode(of: b.index)] : b.index }
            // A search of one episode whole stalls only in that episode, where it would be made
            // again to the end: it is watched instead (where it would stall is noted, it goes on).
            let single = (last ?? n) == end(of: episode(of: from))
            var outcome = search(from..<(last ?? n), stall: stallBudget, watch: single)
            if let beyond, let last, outcome.ending == .consistent, outcome.stalledAt == nil {
                outcome = refusedLine(beyond.index, after: outcome, origin: from, options: options, why: beyond.why, orBefore: last < beyond.index)
            }
            var stalledAt = outcome.stalledAt
            if case .stalled(let index) = outcome.ending { stalledAt = index }
            if let index = stalledAt, starts[episode(of: index)] == from {
                // Stalled in the episode it began at: that episode alone is searched to the end
                // (every behaviour within the bounds), and the next one afresh.
                let e = episode(of: index)
                if outcome.stalledAt == nil { outcome = search(from..<end(of: e), stall: nil) }
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
                        // Where the carried behaviour breaks, not where the episode afresh stuck.
                        if case .stuck(let at) = again.ending { firstStuck = at }
                        if case .cutShort(let at, let why) = again.ending {
                            // Stuck afresh proves nothing of the carried behaviour, which can reach
                            // states the window's budget cannot: with its search cut, no verdict.
                            let line = log.lines[min(index, log.lines.count - 1)].number
                            let origin = log.lines[carried].number
                            let afresh = diagnosis.isWindow(starts[e]..<end(of: e))
                                ? "no state the configuration reaches writes line \(line)" : "no behaviour from the model's initial states writes line \(line)"
                            let reason = "\(afresh) afresh, but the search of the behaviour carried from line \(origin) was cut short (\(why))"
                            for k in e..<starts.count where results[k] == nil { results[k] = .notDecided(index: at, reason: reason) }
                            from = n
                            continue
                        }
                    }
                    // The line the carried search could not write, when it was carried here.
                    results[e] = .inconsistent(index: firstStuck ?? index)
                    verdictKnown = true
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
        var refusedOutcome: TraceSearch<M>.Outcome?
        if let refused {
            let e = episode(of: refused.index)
            switch results[e] {
            case .inconsistent?, .notDecided?: break
            default:
                results[e] = .inconsistent(index: refused.index)
                // The behaviour that wrote the episode's lines before it is the longest prefix.
                let prefix = starts[e] < refused.index ? outcomes.last { $0.ending == .consistent } : nil
                refusedOutcome = refusedLine(refused.index, after: prefix, origin: starts[e], options: options, why: refused.why)
            }
            // Episodes past the line were never searched (a search that read up to it marks them passed).
            for k in (e + 1)..<max(e + 1, starts.count) { results[k] = .notSearched(after: refused.index) }
        }
        var verdict = TraceVerdict.consistent
        for r in results {
            if case .inconsistent(let index) = r { verdict = .inconsistent(line: log.lines[index].number); break }
        }
        for r in results {
            if case .notDecided(_, let why) = r, verdict == .consistent { verdict = .cutShort(reason: why); break }
        }
        // Episodes written only by behaviours of their own: one behaviour writes the log only
        // if the search from the first line, run to the end (no stall budget), passes.
        var whole: TraceSearch<M>.Outcome?
        // Known from the lines alone: no one behaviour writes past this line (the exact line it
        // breaks at, this one or before, not searched to the end).
        var beyondOne: (index: Int, why: String)?
        if verdict == .consistent, results.contains(where: { $0 == .fresh }) {
            // Proved on the model's over-approximation (the fleet: the servers' view, the phones
            // free; no gap bounds): no behaviour from the first line writes the lines up to one.
            if oneBreaks == nil, stop?.isRaised != true {
                let over = model.overApproximatedStuck(
                    log, lines: 0..<n, window: diagnosis.isWindow(0..<n), events: options.events,
                    maxStates: Self.overApproximationStates, stop: stop)
                if let k = over.stuck {
                    var proved = provedUnwritable(k, carried: outcomes.filter { $0.origin == 0 }, options: options)
                    // Counted as one run: the states of the over-approximation's search, not the prefix's again.
                    proved.candidates = over.states
                    proved.expanded = 0
                    var found: TraceSearch<M>.Outcome? = proved
                    if proved.refusedOrBefore {
                        // The searches from the first line stopped before it: where the behaviour
                        // breaks, at it or before, is searched within the probe's budget.
                        var probe = options
                        probe.maxStates = min(options.maxStates, options.oneBehaviourProbe)
                        var exact = TraceSearch(model: model, log: log, options: probe)
                            .run(0..<(k + 1), stop: stop, reason: reason, progress: progressed, stall: nil, tick: heartbeat, openings: openings)
                        explored += exact.expanded
                        exact.candidates += over.states
                        switch exact.ending {
                        case .stuck: found = exact
                        case .cutShort where stop?.isRaised != true: break
                        // Written after all (never, the over-approximation being sound): no answer from it.
                        default: found = nil
                        }
                    }
                    if let found {
                        outcomes.append(found)
                        oneBreaks = found
                    }
                }
            }
            if oneBreaks == nil, stop?.isRaised != true {
                // One behaviour names no more push-to-start tokens than the world's phones hold:
                // it cannot write past the line naming one more. The lines before it are searched
                // within a budget: where the behaviour breaks before it, proving so may be long.
                let beyond = model.firstBeyondOneBehaviour(log, lines: nil).flatMap { $0.index < n ? $0 : nil }
                spent = 0
                var again: TraceSearch<M>.Outcome
                if let beyond {
                    // Up to the episode it is in (its first lines, an episode's start, are mostly
                    // where the carried behaviour breaks, and proving so is the long part).
                    let last = starts[episode(of: beyond.index)] > 0 ? starts[episode(of: beyond.index)] : beyond.index
                    var probe = options
                    probe.maxStates = min(options.maxStates, options.oneBehaviourProbe)
                    again = TraceSearch(model: model, log: log, options: probe)
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
        // The body tells where one behaviour breaks for a log in pieces, else the first search
        // that stuck (the longest prefix there), else the witness.
        let stuckFirst = outcomes.first { if case .stuck = $0.ending { true } else { false } } ?? refusedOutcome ?? outcomes.last
        let shown: TraceSearch<M>.Outcome?
        switch verdict {
        case .pieces: shown = oneBreaks ?? whole
        case .consistent: shown = whole ?? outcomes.last
        case .cutShort:
            // The search that was cut, not one that stuck on the way (its INCONSISTENT is not the verdict).
            shown = outcomes.last { if case .cutShort = $0.ending { true } else { false } } ?? stuckFirst
        default: shown = stuckFirst
        }
        let searched = outcomes.reduce(0) { $0 + $1.candidates }
        return TraceDiagnosis(
            verdict: verdict, starts: starts, results: results, outcomes: outcomes, shown: shown, candidates: searched,
            explored: explored, reused: memo.hits, beyondOne: beyondOne, oneBreaks: oneBreaks)
    }

    /// The outcome at a line the model never writes: stuck there with no search, the steps of
    /// `prefix` (the witness of the episode's lines before it, if any) as the longest prefix.
    public static func refusedLine(
        _ index: Int, after prefix: TraceSearch<M>.Outcome?, origin: Int, options: TraceSearch<M>.Options, why: String,
        orBefore: Bool = false
    ) -> TraceSearch<M>.Outcome {
        var out = prefix ?? TraceSearch<M>.Outcome(
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

    /// The outcome at line `index`, which no behaviour from the first line writes (proved on the
    /// model's over-approximation): the longest prefix the searches from the first line found
    /// (`carried`); the exact line when they wrote every line before it, else "at it or before".
    static func provedUnwritable(_ index: Int, carried: [TraceSearch<M>.Outcome], options: TraceSearch<M>.Options) -> TraceSearch<M>.Outcome {
        func reached(_ o: TraceSearch<M>.Outcome) -> Int { (o.linesOfStep.last { !$0.isEmpty }?.last).map { $0 + 1 } ?? 0 }
        let prefix = carried.max { reached($0) < reached($1) }
        var out = refusedLine(index, after: prefix, origin: 0, options: options, why: "", orBefore: (prefix.map(reached) ?? 0) < index)
        out.refusal = nil
        out.proof = Self.proofWords
        return out
    }

    /// What the report says of a line proved unwritable on the over-approximation.
    public static var proofWords: String {
        "no behaviour from the first line writes it, whatever the gap bounds: proved on the model's sound over-approximation"
    }

    /// States the search on the model's over-approximation may store before it gives up (it
    /// needs a few thousand on the committed worlds).
    public static var overApproximationStates: Int { 1_000_000 }

    /// The witness's widest gap: the most unlogged steps between two logged ones, and the most
    /// world actions among them (what the report says the log needed). The steps before a
    /// window (`Outcome.beforeWindow`) are no gap: the gap bounds do not bound them.
    /// `isWorld`: whether a step is a world action (`Model.kind(of:)`).
    public static func widestGap(_ outcome: TraceSearch<M>.Outcome, isWorld: (M.Action) -> Bool) -> (steps: Int, world: Int) {
        var steps = 0, world = 0, most = (steps: 0, world: 0)
        let skip = min(outcome.beforeWindow ?? 0, outcome.steps.count)
        for (action, lines) in zip(outcome.steps[skip...], outcome.linesOfStep[skip...]) {
            if lines.isEmpty {
                steps += 1
                if isWorld(action) { world += 1 }
                most = (max(most.steps, steps), max(most.world, world))
            } else {
                (steps, world) = (0, 0)
            }
        }
        return most
    }

    /// Lines past a carried search's first that are read for a start naming one token too many.
    static var beyondScan: Int { 4_096 }

    /// Nodes a carried search expands without passing a line before it gives up and the
    /// episode it is in is searched afresh from the model's initial states.
    public static var stallBudget: Int { 1_000 }
}
