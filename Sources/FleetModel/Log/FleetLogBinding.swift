/// How a log's names are bound to the model's, consistently throughout (one log sid = one
/// model session, one log token = one model token): the search carries one per candidate.
///
/// Log names are interned (`FleetLogNames`); a token binding holds the model number + 1 (0:
/// unbound) and follows the model's renumbering step by step; a token the model dropped is
/// `retired` (its log name can no longer be sent to).
struct FleetLogBinding: Hashable, Sendable {
    /// Model session k → log sid id + 1 (0: unbound).
    var sessions: [UInt16]
    /// Log token id → model token + 1 (0: unbound, `retired`: the model's token is gone).
    var tokens: [UInt16]

    static let retired: UInt16 = 0xFFFF

    init(sessions: Int, tokens: Int) {
        self.sessions = Array(repeating: 0, count: sessions)
        self.tokens = Array(repeating: 0, count: tokens)
    }

    /// Binds model session `k` to log sid `sid`; false when either is bound otherwise.
    mutating func bind(session k: Int, to sid: Int) -> Bool {
        guard k < sessions.count else { return false }
        let want = UInt16(sid + 1)
        if sessions[k] == want { return true }
        guard sessions[k] == 0, !sessions.contains(want) else { return false }
        sessions[k] = want
        return true
    }

    /// Binds model token `t` (0: a broadcast channel) to log token `id`.
    mutating func bind(token t: UInt8, to id: Int) -> Bool {
        let want = UInt16(t) + 1
        if tokens[id] == want { return true }
        guard tokens[id] == 0, !tokens.contains(want) else { return false }
        tokens[id] = want
        return true
    }

    /// After a step: each bound token follows the renumbering (a channel stays itself).
    mutating func follow(_ renaming: FleetSystem.TokenRenaming) {
        for i in tokens.indices where tokens[i] > 1 && tokens[i] != Self.retired {
            let now = renaming[UInt8(tokens[i] - 1)]
            let next = now == 0 ? Self.retired : UInt16(now) + 1
            // Written only when it moves: a write copies the array a sibling shares.
            if next != tokens[i] { tokens[i] = next }
        }
    }

    /// The log sid id bound to model session `k`, if any.
    func sid(of k: Int) -> Int? { k < sessions.count && sessions[k] != 0 ? Int(sessions[k]) - 1 : nil }

    /// The log token id bound to model token `t`, if any.
    func token(of t: UInt8) -> Int? { tokens.firstIndex(of: UInt16(t) + 1) }
}

/// The distinct sids and token prefixes of a log, numbered in order of first appearance.
struct FleetLogNames: Sendable {
    var sids: [String] = []
    var tokens: [String] = []
    private var sidIndex: [String: Int] = [:]  // lookup only
    private var tokenIndex: [String: Int] = [:]  // lookup only

    init(_ lines: [FleetLogLine]) {
        for line in lines {
            switch line.event {
            case .decide(_, _, _, _, let rows, _): for r in rows { add(sid: r.session) }
            case .startVetoed(let population): for s in population { add(sid: s) }
            case .send(_, let token, _, _):
                if tokenIndex[token] == nil {
                    tokenIndex[token] = tokens.count
                    tokens.append(token)
                }
            default: break
            }
        }
    }

    private mutating func add(sid: String) {
        if sidIndex[sid] == nil {
            sidIndex[sid] = sids.count
            sids.append(sid)
        }
    }

    func sid(_ s: String) -> Int? { sidIndex[s] }
    func token(_ t: String) -> Int? { tokenIndex[t] }
}
