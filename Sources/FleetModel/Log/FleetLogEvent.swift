import FleetCard

/// One line of the server's `~/.lfg/liveactivity.log` (spec: "Reading the evidence", "Log
/// events"), over any naming of sessions and tokens: the model's (session index, token number)
/// or the log's (sid, token prefix). Which fields each event carries is Docs/diagnose.md's.
public enum FleetLogEvent<Session: Hashable & Sendable, Token: Hashable & Sendable>: Hashable, Sendable {
    /// The reducer chose an action: the event, the tokens addressed, the counts, the row set.
    case decide(FleetCard.FleetAction, tokens: Int, working: Int, needsInput: Int, rows: [Row], more: Int)
    /// One token, one APNs response (0: the request failed).
    case send(FleetCard.FleetAction, token: Token, env: ApnsEnvironment, status: Int)
    /// The phone reported its card gone; whether the server had a card then.
    case clientEnded(hadActive: Bool)
    /// An update-token registration proved a card exists; the server took ownership.
    case adopted
    /// An action was due and there was no token to address the card.
    case noTokens(FleetCard.FleetAction)
    /// The delivery threshold was not met: every send failed.
    case noneAccepted(FleetCard.FleetAction, attempted: Int, accepted: Int)
    /// The delivery threshold was not met: some update or end sends failed.
    case partial(FleetCard.FleetAction, attempted: Int, accepted: Int)
    /// A start was due and the veto refused it; the veto population, sorted.
    case startVetoed(population: [Session])

    /// A row of a decide line: `sid:state`.
    public struct Row: Hashable, Sendable {
        public var session: Session
        public var needsInput: Bool
        public init(session: Session, needsInput: Bool) {
            self.session = session
            self.needsInput = needsInput
        }
    }

    /// The `event` field.
    public var kind: String {
        switch self {
        case .decide: "decide"
        case .send: "send"
        case .clientEnded: "client-ended"
        case .adopted: "adopted"
        case .noTokens: "no-tokens"
        case .noneAccepted: "none-accepted"
        case .partial: "partial"
        case .startVetoed: "start-vetoed"
        }
    }

    /// The event kinds the spec lists, in its order.
    public static var kinds: [String] {
        ["decide", "send", "no-tokens", "none-accepted", "partial", "client-ended", "adopted", "start-vetoed"]
    }

    /// The same event with sessions and tokens renamed (nil when a name has no image).
    public func renamed<S, T>(_ session: (Session) -> S?, _ token: (Token) -> T?) -> FleetLogEvent<S, T>? {
        switch self {
        case .decide(let a, let tokens, let working, let needsInput, let rows, let more):
            var out: [FleetLogEvent<S, T>.Row] = []
            for r in rows {
                guard let s = session(r.session) else { return nil }
                out.append(.init(session: s, needsInput: r.needsInput))
            }
            return .decide(a, tokens: tokens, working: working, needsInput: needsInput, rows: out, more: more)
        case .send(let a, let t, let env, let status):
            guard let t = token(t) else { return nil }
            return .send(a, token: t, env: env, status: status)
        case .clientEnded(let had): return .clientEnded(hadActive: had)
        case .adopted: return .adopted
        case .noTokens(let a): return .noTokens(a)
        case .noneAccepted(let a, let attempted, let accepted): return .noneAccepted(a, attempted: attempted, accepted: accepted)
        case .partial(let a, let attempted, let accepted): return .partial(a, attempted: attempted, accepted: accepted)
        case .startVetoed(let population):
            var out: [S] = []
            for p in population {
                guard let s = session(p) else { return nil }
                out.append(s)
            }
            return .startVetoed(population: out)
        }
    }
}

/// What the model logs: sessions by config index, tokens by their number in the state the step
/// is taken in.
public typealias FleetModelLogEvent = FleetLogEvent<Int, UInt8>

/// What a log file says: sids and token prefixes as written.
public typealias FleetFileLogEvent = FleetLogEvent<String, String>
