/// One entry of a since map: when `sid` entered `state`, in abstract seconds.
public struct SinceStamp: Codable, Hashable, Sendable {
    public var sid: String
    public var state: FleetRowState
    public var since: Double

    public init(sid: String, state: FleetRowState, since: Double) {
        self.sid = sid
        self.state = state
        self.since = since
    }
}

/// The sticky since baseline "keyed by session and state" (spec: "since is a sticky baseline").
///
/// Stored as an array sorted by (sid, state) with one entry per key, so equal maps are equal
/// values, hash alike and encode byte for byte alike.
public struct SinceMap: Codable, Hashable, Sendable {
    /// The entries, sorted by sid then state.
    public private(set) var stamps: [SinceStamp]

    /// A map of `stamps`; when a key repeats, the first stamp given wins.
    public init(_ stamps: [SinceStamp] = []) {
        var kept: [SinceStamp] = []
        for stamp in stamps where !kept.contains(where: { $0.sid == stamp.sid && $0.state == stamp.state }) {
            kept.append(stamp)
        }
        self.stamps = kept.sorted { ($0.sid, $0.state.rank) < ($1.sid, $1.state.rank) }
    }

    /// The baseline of `sid` in `state`, or nil when it was not active in that state.
    public func since(of sid: String, in state: FleetRowState) -> Double? {
        stamps.first { $0.sid == sid && $0.state == state }?.since
    }

    /// The session ids present, sorted and unique.
    public var sids: [String] {
        var out: [String] = []
        for stamp in stamps where out.last != stamp.sid { out.append(stamp.sid) }
        return out
    }

    public var isEmpty: Bool { stamps.isEmpty }
}
