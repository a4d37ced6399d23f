import Explorer
import FleetCard

/// One line of a log file as read: its 1-based number, its time and what it says.
public struct FleetLogLine: TraceLogLine, Hashable {
    public var number: Int
    /// Milliseconds since 1970 (`t`).
    public var time: Int64
    public var event: FleetFileLogEvent

    public init(number: Int, time: Int64, event: FleetFileLogEvent) {
        self.number = number
        self.time = time
        self.event = event
    }
}

/// A whole log read strictly: its known lines, and the kinds it skipped (unknown to the spec).
public struct FleetLog: TraceLog {
    public var lines: [FleetLogLine]
    /// Unknown event kinds in order of first appearance, with their count and first line.
    public var skipped: [(kind: String, count: Int, firstLine: Int)]
}

/// `~/.lfg/liveactivity.log` as text: one JSON object per line, written and read (Docs/diagnose.md
/// has each event's fields). Writing gives the format exactly; reading is strict about the
/// fields it needs and accepts any others (a newer build logs more).
public enum FleetLogFile {
    /// A line that is not what the format expects: its number and what was expected.
    public typealias Failure = JSONLinesFile.Failure

    // MARK: writing

    /// One line of the file, its keys in the real server's order (spec: "Log events").
    public static func text(_ e: FleetFileLogEvent, time: Int64) -> String {
        if case .send(let a, broadcastToken, let env, let status) = e {
            // The broadcast-channel builds' line: one send to the environment's channel, no token.
            return "{" + ["\"t\":\(quoted(timestamp(time)))", "\"event\":\"broadcast\"", "\"apnsEvent\":\(quoted(a.rawValue))",
                "\"env\":\(quoted(env.rawValue))", "\"status\":\(status)"].joined(separator: ",") + "}"
        }
        var fields = ["\"t\":\(quoted(timestamp(time)))", "\"event\":\(quoted(e.kind))"]
        switch e {
        case .decide(let a, let tokens, let working, let needsInput, let rows, let more):
            let r = rows.map { quoted("\($0.session):\($0.needsInput ? "needsInput" : "working")") }
            fields += [
                "\"apnsEvent\":\(quoted(a.rawValue))", "\"tokens\":\(tokens)", "\"working\":\(working)",
                "\"needsInput\":\(needsInput)", "\"rows\":[\(r.joined(separator: ","))]", "\"more\":\(more)",
            ]
        case .send(let a, let token, let env, let status):
            fields += [
                "\"apnsEvent\":\(quoted(a.rawValue))", "\"token\":\(quoted(token))", "\"env\":\(quoted(env.rawValue))",
                "\"status\":\(status)",
            ]
        case .clientEnded(let had): fields.append("\"hadActive\":\(had)")
        case .adopted: break
        case .noTokens(let a): fields.append("\"apnsEvent\":\(quoted(a.rawValue))")
        case .noneAccepted(let a, let attempted, let accepted), .partial(let a, let attempted, let accepted):
            // The real server's fields: `tokens` (how many were addressed) and `accepted`.
            fields += ["\"apnsEvent\":\(quoted(a.rawValue))", "\"tokens\":\(attempted)", "\"accepted\":\(accepted)"]
        case .startVetoed(let population):
            fields.append("\"population\":[\(population.map(quoted).joined(separator: ","))]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// `2026-10-14T21:03:12.480Z` for milliseconds since 1970 (UTC, proleptic Gregorian).
    public static func timestamp(_ ms: Int64) -> String {
        let days = floorDiv(ms, 86_400_000), inDay = ms - days * 86_400_000
        let (y, m, d) = civil(days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let millis = inDay % 1000
        let frac = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        let s = inDay / 1000
        return "\(y)-\(two(m))-\(two(d))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)).\(frac)Z"
    }

    /// Milliseconds since 1970 of a `YYYY-MM-DDTHH:MM:SS[.fff]Z` timestamp, or nil.
    public static func milliseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int64? {
            guard at + n <= b.count else { return nil }
            var v: Int64 = 0
            for k in at..<(at + n) {
                guard b[k] >= 48 && b[k] <= 57 else { return nil }
                v = v * 10 + Int64(b[k] - 48)
            }
            return v
        }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b.last == 90,
            let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2),
            let mi = digits(14, 2), let s = digits(17, 2),
            (1...12).contains(mo), (1...daysIn(y, mo)).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        var ms: Int64 = 0
        if b.count > 20 {
            // A fraction of 1 to 9 digits, read to the millisecond.
            guard b[19] == 46, b.count - 21 >= 1, b.count - 21 <= 9, let f = digits(20, b.count - 21) else { return nil }
            var scaled = f
            var n = b.count - 21
            while n > 3 { scaled /= 10; n -= 1 }
            while n < 3 { scaled *= 10; n += 1 }
            ms = scaled
        }
        return (days(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s) * 1000 + ms
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func daysIn(_ y: Int64, _ m: Int64) -> Int64 {
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(m - 1)]
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    static func days(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day since 1970 (`civil_from_days`).
    static func civil(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
