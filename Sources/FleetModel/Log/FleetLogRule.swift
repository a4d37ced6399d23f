import FleetCard

/// The seed's diagnosis rule and the patterns the model names, read off a log alone (spec:
/// "Diagnosing a stale card"; "The start veto"; "MAX_PUSH_TO_START_PER_ENV").
public enum FleetLogRule {
    /// How long after a `decide start` an `adopted` still counts (spec: "within ~90 s").
    public static let adoptionWindowMillis: Int64 = 90_000

    /// The seed's question, and the two readings it gives an answer (spec: "Diagnosing a stale
    /// card"), verbatim (tests assert them). The rule reads the log alone: whether the log
    /// shows a bug is the witness's to say (the properties it breaks), not the rule's.
    public static let question = "did an adopted follow within 90 s?"
    public static let adoptedReading =
        "yes: the phone told the server how to reach the card (the seed reads: if it is still stale, look at delivery or content)"
    public static let notAdoptedReading =
        "no: the phone never told the server how to reach the new card (the seed reads: the idle-phone gap)"

    /// The report section: one line per `decide start`, then the patterns found (or that none was).
    public static func lines(_ log: FleetLog) -> [String] {
        let lines = log.lines
        var out = ["the seed's diagnosis rule (spec: \"Diagnosing a stale card\"), the seed's question and the log's answer; whether a bug is shown is the witness's (properties broken, above):"]
        var starts = 0
        var unlisted = (adopted: 0, ended: 0, neither: 0, unanswered: 0)
        for (i, l) in lines.enumerated() {
            guard case .decide(.start, let tokens, _, _, _, _) = l.event else { continue }
            starts += 1
            let listed = starts <= listedStarts
            // The lines of this start's 90 s, up to the next start.
            let within = lines[(i + 1)...].prefix { a in
                if case .decide(.start, _, _, _, _, _) = a.event { return false }
                return a.time >= l.time && a.time - l.time <= adoptionWindowMillis
            }
            let adoption = within.first { if case .adopted = $0.event { true } else { false } }
            let ended = within.first { if case .clientEnded = $0.event { true } else { false } }
            // The log ends before the 90 s are over (no later start cut them): it cannot say "no".
            let reached = within.last?.time ?? l.time
            let unanswered = within.endIndex == lines.endIndex && (lines.last?.time ?? l.time) - l.time < adoptionWindowMillis
            let head = "  line \(l.number): decide start to \(tokens) token(s) at \(FleetLogFile.timestamp(l.time)): \(question) "
            if !listed {
                // A day's log has thousands of starts: past the first ones, counted.
                if adoption != nil {
                    unlisted.adopted += 1
                } else if ended != nil {
                    unlisted.ended += 1
                } else if unanswered {
                    unlisted.unanswered += 1
                } else {
                    unlisted.neither += 1
                }
            } else if let a = adoption {
                out.append(head + "adopted at line \(a.number), \(seconds(a.time - l.time)) later: " + adoptedReading)
            } else if let e = ended {
                // The phone ended a card it was never said to have: the idle-phone reading does not fit.
                out.append(head + "no adopted; but the phone reported ending its card at line \(e.number), \(seconds(e.time - l.time)) later: it had the card, so the seed's reading (the idle-phone gap) does not fit this start")
            } else if unanswered {
                out.append(head + "not answered by the log: it ends \(seconds(max(0, reached - l.time))) after this start, before 90 s passed, with no adopted so far")
            } else {
                out.append(head + notAdoptedReading)
            }
        }
        if starts == 0 { out.append("  no decide start in the log") }
        if starts > listedStarts {
            out.append("  ... \(starts - listedStarts) more decide start(s): \(unlisted.adopted) adopted within 90 s, \(unlisted.ended) ended by the phone within 90 s with no adopted, \(unlisted.neither) neither"
                + (unlisted.unanswered > 0 ? ", \(unlisted.unanswered) too close to the log's end to say" : ""))
        }
        out.append("patterns:")
        let found = endedBetweenDecideAndSends(lines) + endStartLoops(lines) + endAdoptLoops(lines) + startsPastCap(lines)
        out += found.isEmpty ? ["  none of: /ended between a decide and its sends, a client-ended → decide start loop, a client-ended/adopted loop, a start past the cap"] : found
        return out
    }

    /// The decide starts the section lists one by one; the rest are counted.
    static let listedStarts = 20

    static func seconds(_ ms: Int64) -> String {
        let tenths = (ms + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// A `client-ended` after a decide and before the last of its sends (a decide for `n`
    /// tokens is followed by its `n` send lines).
    static func endedBetweenDecideAndSends(_ lines: [FleetLogLine]) -> [String] {
        var out: [String] = []
        for (i, l) in lines.enumerated() {
            guard case .decide(let a, let tokens, _, _, _, _) = l.event, tokens > 0 else { continue }
            var sends = 0
            var j = i + 1
            while j < lines.count && sends < tokens {
                if case .send = lines[j].event { sends += 1 }
                if case .clientEnded = lines[j].event, sends < tokens {
                    out.append("  line \(lines[j].number): /ended landed between the decide \(a.rawValue) at line \(l.number) and its sends (spec: the veto population is the one recorded at decide)")
                }
                if case .decide = lines[j].event { break }
                j += 1
            }
        }
        return out
    }

    /// The end/start loop the veto exists for (spec: "27–102 times a day"): a `client-ended`
    /// followed by a `decide start` before the next `client-ended`, two rounds or more in a row.
    static func endStartLoops(_ lines: [FleetLogLine]) -> [String] {
        var out: [String] = []
        var rounds: [(ended: Int, start: Int)] = []
        var pendingEnd: Int?
        func close() {
            if rounds.count >= 2, let first = rounds.first, let last = rounds.last {
                out.append("  lines \(first.ended)–\(last.start): a client-ended → decide start loop, \(rounds.count) rounds (the phone ends the card, the server starts a replacement; spec: \"The start veto\")")
            }
            rounds = []
        }
        for l in lines {
            switch l.event {
            case .clientEnded:
                // Two ends with no start between break the loop.
                if pendingEnd != nil { close() }
                pendingEnd = l.number
            case .decide(.start, _, _, _, _, _):
                if let e = pendingEnd { rounds.append((e, l.number)) } else { close() }
                pendingEnd = nil
            default: break
            }
        }
        close()
        return out
    }

    /// `client-ended` and `adopted` alternating at least twice each with no `decide start`
    /// among them: the phone ends a card and registers a new one the app made, round after round.
    static func endAdoptLoops(_ lines: [FleetLogLine]) -> [String] {
        var out: [String] = []
        var runStart: Int?, runEnd = 0, alternations = 0
        var last: String?
        func close() {
            if let s = runStart, alternations >= 4 {
                out.append("  lines \(s)–\(runEnd): a client-ended ↔ adopted loop, \(alternations / 2) rounds with no decide start among them (the phone ends its card and registers a new one the app made)")
            }
            runStart = nil
            alternations = 0
            last = nil
        }
        for l in lines {
            let kind: String
            switch l.event {
            case .clientEnded: kind = "ended"
            case .adopted: kind = "adopted"
            case .decide(.start, _, _, _, _, _):
                close()
                continue
            default: continue
            }
            if last == kind { close() }
            if runStart == nil { runStart = l.number }
            alternations += 1
            runEnd = l.number
            last = kind
        }
        close()
        return out
    }

    /// A start whose sends reach more than 3 tokens of one environment.
    static func startsPastCap(_ lines: [FleetLogLine]) -> [String] {
        var out: [String] = []
        for (i, l) in lines.enumerated() {
            guard case .decide(.start, let tokens, _, _, _, _) = l.event else { continue }
            var perEnv: [ApnsEnvironment: Int] = [:]  // lookup only
            var seen = 0
            for s in lines[(i + 1)...] {
                if case .decide = s.event { break }
                guard seen < tokens, case .send(.start, _, let env, _) = s.event else { continue }
                seen += 1
                perEnv[env, default: 0] += 1
            }
            for env in ApnsEnvironment.allCases where perEnv[env, default: 0] > TokenRegistry.maxPushToStartPerEnv {
                out.append("  line \(l.number): a start to \(perEnv[env, default: 0]) \(env.rawValue) push-to-start tokens, past the cap of \(TokenRegistry.maxPushToStartPerEnv) per environment")
            }
        }
        return out
    }
}
