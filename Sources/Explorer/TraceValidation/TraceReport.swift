/// The words every model's diagnosis report shares (Docs/diagnose.md): the result line of each
/// verdict, where a search stuck or was cut short, which gap bound an answer holds within, the
/// episodes and the search's size. A model's report (the fleet's `FleetDiagnosisReport`,
/// two-phase commit's `TMDiagnosisReport`) adds its header and its story around them, so a
/// verdict reads the same whichever model's log it is.
public enum TraceReport {
    /// The result of a log with no line of a kind the model knows.
    public static let noEvidence = "result: no evidence (no line of a kind the model knows: nothing to check)"

    /// The result line(s) of a plain diagnosis (not `--breaking`); nothing for `.noEvidence` and
    /// `.unbroken`, which a plain diagnosis of a non-empty log does not give.
    public static func result<M>(_ found: TraceDiagnosis<M>, options: TraceSearch<M>.Options) -> [String] {
        switch found.verdict {
        case .consistent: return ["result: consistent (one behaviour of the model writes every line)"]
        case .pieces(let line):
            guard let beyondOne = found.beyondOne else {
                return ["result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line \(line))"]
            }
            var out: [String] = []
            if found.oneBreaks?.refusedOrBefore != true {
                out.append("no behaviour carried from the first line writes line \(line): \(beyondOne.why); where before it the carried behaviour breaks was not decided (the search of the lines before it stopped at \(options.oneBehaviourProbe) states)")
            }
            out.append("result: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line \(line) or before)")
            return out
        case .inconsistent(let line): return ["result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)"]
        case .cutShort(let why): return ["result: NOT decided (search cut short: \(why))"]
        case .unbroken, .noEvidence: return []
        }
    }

    /// The result line of a `--breaking NAME` diagnosis (`TraceDiagnosis.breaking`).
    public static func breakingResult(_ verdict: TraceVerdict, _ name: String) -> [String] {
        switch verdict {
        case .consistent: return ["result: consistent, and a behaviour that writes it breaks \(name)"]
        case .inconsistent(let line): return ["result: INCONSISTENT at line \(line) (the model cannot write it after the lines before it)"]
        case .unbroken: return ["result: consistent, but no behaviour within the gap bounds that writes it breaks \(name)"]
        case .cutShort(let why): return ["result: NOT decided (search cut short: \(why))"]
        case .pieces, .noEvidence: return []  // not from one search
        }
    }

    /// What `--breaking NAME` asked: NAME, or a class and the causes it stands for.
    public static func asked<M: LogProjectedModel>(_ name: String, _ model: M) -> String {
        let causes = model.properties.filter { $0.kind != .sometimes && M.propertyClass($0.name) == name && $0.name != name }
        let asked = causes.isEmpty ? name : "\(name) (any of its \(causes.count) cause(s): \(causes.map(\.name).joined(separator: ", ")))"
        return "asked: a behaviour that writes every line and breaks \(asked) (--breaking: the log is searched as one episode)"
    }

    /// The search's size: candidates over its runs, gap states, and the searches answered by an earlier one.
    public static func search<M>(_ found: TraceDiagnosis<M>) -> String {
        "search: \(found.candidates) candidate state(s) over \(found.outcomes.count) run(s), \(found.explored) gap state(s) explored"
            + (found.reused > 0 ? "; \(found.reused) search(es) answered by an earlier one that read the same lines up to names" : "")
    }

    /// The search's size for `--breaking` (one run).
    public static func breakingSearch<M>(_ found: TraceDiagnosis<M>) -> String {
        "search: \(found.candidates) candidate state(s), \(found.explored) gap state(s) explored"
    }

    /// The episodes: a count when all are consistent and carried, else one line for each that is
    /// not (searched afresh, inconsistent), and one for each run of episodes not decided.
    /// `startsAt`: where the model's episodes begin besides the first line ("each decide start").
    public static func episodes<L: TraceLog>(_ log: L, _ starts: [Int], _ results: [TraceEpisodeResult?], startsAt: String) -> [String] {
        let n = log.lines.count
        var out: [String] = []
        var e = 0
        // The episodes from `e` whose results are alike, as one span: the last one and its words.
        func run(from e: Int, alike: (TraceEpisodeResult?) -> Bool) -> (last: Int, text: String) {
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
        return ["episodes: \(starts.count) (one at the first line and at \(startsAt)), \(carried) consistent as one carried behaviour"] + out
    }

    /// The first line of a stuck outcome's story: the longest prefix, or why nothing was written.
    /// `window`: whether the search opened the log as a window.
    public static func stuck<M>(_ outcome: TraceSearch<M>.Outcome, at index: Int, _ log: M.Log, window: Bool) -> String {
        let line = log.lines[index]
        let origin = outcome.origin < log.lines.count ? log.lines[outcome.origin].number : 1
        if outcome.refusedOrBefore, let last = outcome.linesOfStep.last(where: { !$0.isEmpty })?.last {
            return "NOT past line \(line.number): no behaviour from line \(origin) writes it; it writes lines \(origin)–\(log.lines[last].number), and where between them and line \(line.number) it breaks was not searched"
        } else if outcome.refusedOrBefore {
            return "NOT past line \(line.number): no behaviour from line \(origin) writes it; where before it it breaks was not searched"
        } else if index > outcome.origin {
            return "INCONSISTENT at line \(line.number): the model can write lines \(origin)–\(log.lines[index - 1].number) (the longest prefix), not line \(line.number) after them"
        } else if outcome.refusal != nil {
            return "INCONSISTENT at line \(line.number): the model writes no such line in any state"
        } else if window {
            return "INCONSISTENT at line \(line.number): no state the configuration reaches writes it (the window opens nowhere)"
        }
        return "INCONSISTENT at line \(line.number): the model cannot write it from its initial states (no prefix of the log is a behaviour)"
    }

    /// At a stuck line: what the model would log there instead (the first 8).
    public static func wouldLog<M>(_ outcome: TraceSearch<M>.Outcome) -> [String] {
        if outcome.wouldLog.isEmpty { return ["  the model would log nothing more there within the gap bounds"] }
        var out = ["  the model would log instead:"]
        out += outcome.wouldLog.prefix(8).map { "    \($0)" }
        if outcome.wouldLog.count > 8 { out.append("    ... \(outcome.wouldLog.count - 8) more") }
        return out
    }

    /// At a stuck line: how many candidate states there were, and the first few in the model's words.
    public static func candidates<M>(_ outcome: TraceSearch<M>.Outcome, describe: (M.State) -> String) -> [String] {
        ["  candidate states there: \(outcome.stuckCount) (first \(outcome.stuckStates.count) below)"]
            + outcome.stuckStates.map { "    " + describe($0) }
    }

    /// The first line of a search that stopped before an answer.
    public static func notDecided<M>(_ outcome: TraceSearch<M>.Outcome, _ log: M.Log) -> [String] {
        let steps = outcome.steps.count
        switch outcome.ending {
        case .stalled(let index):
            return ["NOT decided: the carried search gave up at line \(log.lines[min(index, max(0, log.lines.count - 1))].number)",
                "the behaviour reached so far (\(steps) steps):"]
        case .cutShort(let index, let why):
            return ["NOT decided: the search was cut short at line \(log.lines[min(index, max(0, log.lines.count - 1))].number) (\(why)); \(outcome.candidates) candidate states stored",
                "the behaviour reached so far (\(steps) steps):"]
        default: return []
        }
    }

    /// The witness's widest gap, in words (`TraceDiagnosis.widestGap`).
    public static func widestGap<M: LogProjectedModel>(_ outcome: TraceSearch<M>.Outcome, _ model: M) -> String {
        let gap = TraceDiagnosis.widestGap(outcome) { model.kind(of: $0) == .world }
        return "its widest gap: \(gap.steps) unlogged step(s), \(gap.world) of them world actions"
    }

    /// For an answer that tried every behaviour within the gap bounds: which bound cut a path
    /// (the answer holds within it only) and the next width to try; or that none did.
    public static func bounds<M>(_ outcome: TraceSearch<M>.Outcome) -> [String] {
        guard let level = outcome.level else { return [] }
        var cut: [String] = []
        var next: [String] = []
        if outcome.cutBySteps {
            cut.append("--gap-steps \(level.gapSteps)")
            if level.gapSteps < 64 { next.append("--gap-steps \(min(64, level.gapSteps + 8))") }
        }
        if outcome.cutByWorld {
            cut.append("--gap-budget \(level.gapWorldBudget)")
            if level.gapWorldBudget < 8 { next.append("--gap-budget \(level.gapWorldBudget + 1)") }
        }
        // The window's own bound: the states it may open on are those within the world budget before it.
        let window = outcome.cutByWindow
            ? ["  the window opened only on states within \(level.windowWorldBudget) world action(s) before its first line (the world budget): one needing more was not tried"]
            : []
        guard !cut.isEmpty else { return ["  no gap bound cut a path: this holds at any gap width"] + window }
        return ["  this holds within the gap bounds: \(cut.joined(separator: " and ")) cut paths"
            + (next.isEmpty ? " (already the widest)" : "; the next width: \(next.joined(separator: " "))")] + window
    }

    /// Every property (not a reachability goal) the steps break, at the first step it breaks,
    /// with the model's words for it (`meaning`, nil: none).
    public static func broken<M: LogProjectedModel>(
        _ model: M, _ steps: [M.Action], _ linesOfStep: [[Int]], _ log: M.Log, meaning: (String) -> String? = { _ in nil }
    ) -> [String] {
        guard var state = model.initialStates().first else { return [] }
        var states = [state]
        for a in steps {
            guard let next = model.next(state, a) else { break }
            state = next
            states.append(next)
        }
        var lastLine = [Int](repeating: -1, count: states.count)
        for k in 1..<max(1, states.count) {
            lastLine[k] = linesOfStep[k - 1].last ?? lastLine[k - 1]
        }
        var out: [String] = []
        for p in model.properties where p.kind != .sometimes {
            // Judged as the explorer judges (replay, minimization): the states are replayed once.
            let judge = PropertyJudge(model: model, property: p)
            let at = states.indices.first { k in judge.breaks(before: k > 0 ? (states[k - 1], steps[k - 1]) : nil, states[k]) }
            guard let k = at else { continue }
            let after = lastLine[k] >= 0 ? "after log line \(log.lines[lastLine[k]].number)" : "before the log's first line"
            var text = "  \(p.name) at step \(k) (\(after))"
            if let m = meaning(p.name) { text += ": " + m }
            out.append(text)
        }
        return ["properties broken on the way:"] + (out.isEmpty ? ["  none"] : out)
    }
}
