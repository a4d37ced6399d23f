import Explorer

/// How a log's names are bound to the model's, consistently throughout (one log sid = one
/// model session, one log token = one model token): each candidate carries one.
///
/// Only what can still matter is kept, so that two candidates alike in what is to come have
/// equal bindings (the frontier does not multiply by history): the sessions (fixed), and the
/// log token bound to each token the model state holds now. A log token bound earlier whose
/// model token is gone is retired without being stored: it was bound at a line before this one
/// and after the candidate's `origin` (`FleetLogNames.previous` says so), and is in no `live`.
public struct FleetLogBinding: LogBinding {
    /// Model session k → log sid id + 1 (0: unbound).
    var sessions: [UInt32]
    /// Model token t (its number in the candidate's state) → log token id + 1 (0: unbound).
    var live: [UInt32]
    /// The line (0-based, in the range searched) where this candidate's behaviour began: log
    /// tokens last named before it are free to bind (a behaviour searched afresh there).
    var origin: Int32
    /// A binding of the servers' view (`FleetServerView`), which keeps no token a phone alone
    /// holds: a retired log token may be bound again (the phone may post it back), so it binds
    /// whenever the model's binding would (sound for a proof that a line is unwritable).
    var rebinds = false

    init(sessions: Int, origin: Int = 0, rebinds: Bool = false) {
        self.sessions = Array(repeating: 0, count: sessions)
        self.live = []
        self.origin = Int32(origin)
        self.rebinds = rebinds
    }

    /// Binds model session `k` to log sid `sid`; false when either is bound otherwise.
    mutating func bind(session k: Int, to sid: Int) -> Bool {
        guard k < sessions.count else { return false }
        let want = UInt32(sid + 1)
        if sessions[k] == want { return true }
        guard sessions[k] == 0, !sessions.contains(want) else { return false }
        sessions[k] = want
        return true
    }

    /// Binds model token `t` (0: a broadcast channel) to log token `id` at line `line`: true
    /// when they are bound to each other already, or both are free (the log token not named
    /// since `origin`).
    mutating func bind(token t: UInt8, to id: Int, line: Int, _ names: FleetLogNames) -> Bool {
        let want = UInt32(id + 1)
        let k = Int(t)
        if k < live.count, live[k] != 0 { return live[k] == want }
        guard !live.contains(want), rebinds || names.previous[line] < Int(origin) else { return false }
        if k >= live.count { live += Array(repeating: 0, count: k + 1 - live.count) }
        live[k] = want
        return true
    }

    /// After a step: each bound token follows the renumbering (a channel stays itself); a
    /// token the step dropped is forgotten (retired).
    public mutating func follow(_ map: [UInt8]) {
        // Empty: every token kept its number (`FleetSystem.compact`).
        guard live.count > 1, !map.isEmpty else { return }
        var next = [UInt32](repeating: 0, count: live.count)
        next[0] = live[0]
        var width = 1
        for t in 1..<live.count where live[t] != 0 {
            let n = t < map.count ? Int(map[t]) : 0
            guard n != 0 else { continue }
            if n >= next.count { next += Array(repeating: 0, count: n + 1 - next.count) }
            next[n] = live[t]
            width = max(width, n + 1)
        }
        if next.count > width { next.removeLast(next.count - width) }
        while next.count > 0, next[next.count - 1] == 0 { next.removeLast() }
        // Written only when it moves: a write copies the array a sibling shares.
        if next != live { live = next }
    }

    /// One word fed to the hasher rather than every element of both lists (a search hashes a
    /// binding with each node it stores); equality still compares them whole.
    public func hash(into hasher: inout Hasher) {
        var h = UInt64(UInt32(bitPattern: origin)) &* 0x9E37_79B9_7F4A_7C15
        for v in sessions { h = (h ^ UInt64(v)) &* 0x1000_0000_01B3 }
        h = (h ^ 0xFF) &* 0x1000_0000_01B3
        for v in live { h = (h ^ UInt64(v)) &* 0x1000_0000_01B3 }
        hasher.combine(h ^ UInt64(live.count))
    }

    /// The log sid id bound to model session `k`, if any.
    func sid(of k: Int) -> Int? { k < sessions.count && sessions[k] != 0 ? Int(sessions[k]) - 1 : nil }

    /// The log token id bound to model token `t`, if any.
    func token(of t: UInt8) -> Int? { Int(t) < live.count && live[Int(t)] != 0 ? Int(live[Int(t)]) - 1 : nil }
}

/// The distinct sids and token prefixes of a log, numbered in order of first appearance, and
/// for each send line the line where its token was last named before (-1: never).
public struct FleetLogNames: LogNames {
    var sids: [String] = []
    var tokens: [String] = []
    var previous: [Int] = []
    private var sidIndex: [String: Int] = [:]  // lookup only
    private var tokenIndex: [String: Int] = [:]  // lookup only
    /// For each token, the last line that named it.
    private var last: [Int] = []

    public init() {}

    /// Names the next line's sids and tokens (the line after those appended before).
    public mutating func append(_ line: FleetFileLogEvent) {
        let i = previous.count
        previous.append(-1)
        switch line {
        case .decide(_, _, _, _, let rows, _): for r in rows { add(sid: r.session) }
        case .startVetoed(let population): for s in population { add(sid: s) }
        case .send(_, let token, _, _):
            if tokenIndex[token] == nil {
                tokenIndex[token] = tokens.count
                tokens.append(token)
                last.append(-1)
            }
            let id = tokenIndex[token] ?? 0
            previous[i] = last[id]
            last[id] = i
        default: break
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

    /// The line with its sids and tokens numbered by first appearance (`TraceRunMemo`'s key).
    public func canonical(_ line: FleetFileLogEvent) -> FleetLogEvent<Int, Int>? {
        line.renamed({ sid($0) }, { token($0) })
    }
}
