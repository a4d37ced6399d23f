import FleetCard

/// The seed's diagnosis rule and the patterns the model names, read off a log alone (spec:
/// "Diagnosing a stale card"; "The start veto"; "MAX_PUSH_TO_START_PER_ENV").
public enum FleetLogRule {
    /// How long after a `decide start` an `adopted` still counts (spec: "within ~90 s").
    public static let adoptionWindowMillis: Int64 = 90_000

    /// The verdicts, verbatim (tests assert them).
    public static let adoptedVerdict =
        "the phone told the server how to reach the card: if it is still stale, look at delivery or content, not the idle-phone gap"
    public static let notAdoptedVerdict =
        "no adopted within 90 s: the phone never told the server how to reach the new card: the idle-phone gap, not a bug"

    /// The report section: one line per `decide start`, then the patterns found (or that none was).
    public static func lines(_ log: FleetLog) -> [String] {
        let lines = log.lines
        var out = ["the seed's diagnosis rule (spec: \"Diagnosing a stale card\"): for each decide start, did an adopted follow within 90 s?"]
        var starts = 0
        for (i, l) in lines.enumerated() {
            guard case .decide(.start, let tokens, _, _, _, _) = l.event else { continue }
            starts += 1
            let adoption = lines[(i + 1)...].first { a in
                if case .adopted = a.event { return a.time - l.time <= adoptionWindowMillis && a.time >= l.time }
                return false
            }
            let head = "  line \(l.number): decide start to \(tokens) token(s) at \(FleetLogFile.timestamp(l.time))"
            if let a = adoption {
                out.append(head + ": adopted at line \(a.number), \(seconds(a.time - l.time)) later; " + adoptedVerdict)
            } else {
                out.append(head + ": " + notAdoptedVerdict)
            }
        }
        if starts == 0 { out.append("  no decide start in the log") }
        out.append("patterns:")
        let found = endedBetweenDecideAndSends(lines) + endAdoptLoops(lines) + startsPastCap(lines)
        out += found.isEmpty ? ["  none of: /ended between a decide and its sends, a client-ended/adopted loop, a start past the cap"] : found
        return out
    }

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

    /// `client-ended` and `adopted` alternating at least twice each: the end/start loop the
    /// veto exists for (spec: "27–102 times a day").
    static func endAdoptLoops(_ lines: [FleetLogLine]) -> [String] {
        var out: [String] = []
        var runStart: Int?, runEnd = 0, alternations = 0
        var last: String?
        func close() {
            if let s = runStart, alternations >= 4 {
                out.append("  lines \(s)–\(runEnd): a client-ended ↔ adopted loop, \(alternations / 2) rounds (phone ends card → server starts a replacement → phone ends it; spec: \"The start veto\")")
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
