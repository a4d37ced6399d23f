import Explorer
import FleetCard

extension FleetLogFile {
    /// What the reader says of a line, verbatim (tests assert these).
    public enum Expected {
        public static let emptyLine = JSONLinesFile.emptyLine
        public static let notObject = JSONLinesFile.notObject
        public static let timestamp = "$.t: expected a timestamp like 2026-10-14T21:03:12.480Z"
        public static let event = "$.event: expected a string"
        public static let action = "expected \"start\", \"update\" or \"end\""
        public static let env = "expected \"production\" or \"sandbox\""
        public static let count = "expected a non-negative integer"
        public static let status = "expected an HTTP status from 0 to 999"
        public static let bool = "expected true or false"
        public static let sid = "expected a non-empty sid string"
        public static let row = "expected \"sid:working\" or \"sid:needsInput\""
        public static let token = "expected a non-empty token prefix string"
        public static func unknownKind(_ kind: String) -> String {
            "$.event: unknown event kind \"\(StrictJSON.shortened(kind))\" (refused under --strict; known: "
                + FleetFileLogEvent.kinds.joined(separator: ", ") + ", broadcast)"
        }
    }

    /// Reads a whole log. A malformed line is a `Failure` naming it; an unknown event kind is
    /// skipped and counted, or a `Failure` when `strict`.
    public static func read(_ bytes: [UInt8], strict: Bool) throws(Failure) -> FleetLog {
        var lines: [FleetLogLine] = []
        var skipped: [(kind: String, count: Int, firstLine: Int)] = []
        try JSONLinesFile.forEachObject(bytes) { (o, number) throws(Failure) in
            switch try line(o, number: number) {
            case .known(let l): lines.append(l)
            case .unknown(let kind):
                if strict { throw Failure(line: number, problem: Expected.unknownKind(kind)) }
                if let k = skipped.firstIndex(where: { $0.kind == kind }) {
                    skipped[k].count += 1
                } else {
                    skipped.append((kind, 1, number))
                }
            }
        }
        return FleetLog(lines: lines, skipped: skipped)
    }

    enum Read { case known(FleetLogLine), unknown(String) }

    /// The name a `broadcast` line's send is read with: the channel, one name for both environments.
    public static let broadcastToken = "broadcast"

    static func line(_ o: [String: JSONValue], number: Int) throws(Failure) -> Read {
        func fail(_ problem: String) -> Failure { Failure(line: number, problem: problem) }
        guard case .string(let t)? = o["t"], let time = milliseconds(t) else { throw fail(Expected.timestamp) }
        guard case .string(let kind)? = o["event"] else { throw fail(Expected.event) }
        func field(_ key: String, _ expected: String) -> Failure { fail("$.\(key): \(expected)") }
        func action(_ key: String = "apnsEvent") throws(Failure) -> FleetAction {
            guard case .string(let s)? = o[key], let a = FleetAction(rawValue: s), a != .nothing else {
                throw field(key, Expected.action)
            }
            return a
        }
        func count(_ key: String) throws(Failure) -> Int {
            guard case .int(let n)? = o[key], n >= 0, n <= 1_000_000 else { throw field(key, Expected.count) }
            return n
        }
        func sids(_ key: String) throws(Failure) -> [String] {
            guard case .array(let items)? = o[key] else { throw field(key, "expected an array of sids") }
            var out: [String] = []
            for (k, item) in items.enumerated() {
                guard case .string(let s) = item, !s.isEmpty else { throw field("\(key)[\(k)]", Expected.sid) }
                out.append(s)
            }
            return out
        }
        // How many tokens a missed threshold addressed: `tokens` (the real server), `targets`
        // (older builds) or `attempted` (cardcheck's own files before), whichever is there.
        func addressed() throws(Failure) -> Int {
            for key in ["tokens", "targets", "attempted"] where o[key] != nil { return try count(key) }
            throw field("tokens", Expected.count + " (or $.targets, $.attempted)")
        }
        let event: FleetFileLogEvent
        switch kind {
        case "decide":
            let a = try action()
            let tokens = try count("tokens"), working = try count("working"), needsInput = try count("needsInput")
            guard case .array(let items)? = o["rows"] else { throw field("rows", "expected an array of \"sid:state\"") }
            var rows: [FleetFileLogEvent.Row] = []
            for (k, item) in items.enumerated() {
                guard case .string(let s) = item, let colon = s.lastIndex(of: ":"), colon != s.startIndex else {
                    throw field("rows[\(k)]", Expected.row)
                }
                let state = s[s.index(after: colon)...]
                guard state == "working" || state == "needsInput" else { throw field("rows[\(k)]", Expected.row) }
                rows.append(.init(session: String(s[..<colon]), needsInput: state == "needsInput"))
            }
            event = .decide(a, tokens: tokens, working: working, needsInput: needsInput, rows: rows, more: try count("more"))
        case "send":
            let a = try action()
            guard case .string(let token)? = o["token"], !token.isEmpty else { throw field("token", Expected.token) }
            guard case .string(let e)? = o["env"], let env = ApnsEnvironment(rawValue: e) else { throw field("env", Expected.env) }
            guard case .int(let status)? = o["status"], (0...999).contains(status) else { throw field("status", Expected.status) }
            event = .send(a, token: token, env: env, status: status)
        case "client-ended":
            guard case .bool(let had)? = o["hadActive"] else { throw field("hadActive", Expected.bool) }
            event = .clientEnded(hadActive: had)
        case "adopted": event = .adopted
        case "no-tokens": event = .noTokens(try action())
        case "none-accepted": event = .noneAccepted(try action(), attempted: try addressed(), accepted: try count("accepted"))
        case "partial": event = .partial(try action(), attempted: try addressed(), accepted: try count("accepted"))
        case "broadcast":
            // The broadcast-channel builds: one send to the environment's channel, no token. The
            // model's channel send is its token 0, bound here to the one name "broadcast".
            let a = try action()
            guard case .string(let e)? = o["env"], let env = ApnsEnvironment(rawValue: e) else { throw field("env", Expected.env) }
            guard case .int(let status)? = o["status"], (0...999).contains(status) else { throw field("status", Expected.status) }
            event = .send(a, token: FleetLogFile.broadcastToken, env: env, status: status)
        case "start-vetoed": event = .startVetoed(population: try sids("population"))
        default: return .unknown(kind)
        }
        return .known(FleetLogLine(number: number, time: time, event: event))
    }
}
