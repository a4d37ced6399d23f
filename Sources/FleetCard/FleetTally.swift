/// The content both writers build from their active sessions: one function, so "whichever
/// writer last touched the card, it says the same thing" holds by construction where the
/// inputs agree (spec: "One card, two writers").
public enum FleetTally {
    /// The physical row budget of the lock screen (spec: "maxRows = 3 is a height budget").
    public static let maxRows = 3

    /// One active session with the state it counts in.
    public struct Entry: Codable, Hashable, Sendable {
        public var sid: String
        public var title: String
        public var state: FleetRowState

        public init(sid: String, title: String, state: FleetRowState) {
            self.sid = sid
            self.title = title
            self.state = state
        }
    }

    /// Content and refreshed since map for `active` (in observation order) at `now`, as `writer`
    /// writes it (titles only differ, `FleetRow.displayTitle`).
    ///
    /// since reuses `prior`'s stamp for the same (sid, state) and restarts at `now` otherwise.
    /// Rows: needs-input first, then oldest since first; ties (the spec is silent) break on sid
    /// (`sidOrder`: the server's localeCompare, the app's String order), then on observation
    /// order. Counts include every entry, rendered or not.
    public static func build(
        _ active: [Entry], prior: SinceMap, now: Double, writer: FleetWriter, guards: Guards = .all
    ) -> (content: FleetContentState, since: SinceMap) {
        var stamps: [SinceStamp] = []
        var rows: [(row: FleetRow, index: Int)] = []
        for (index, entry) in active.enumerated() {
            let since = prior.since(of: entry.sid, in: entry.state) ?? now
            stamps.append(SinceStamp(sid: entry.sid, state: entry.state, since: since))
            let title = FleetRow.displayTitle(entry.title, sid: entry.sid, writer: writer)
            rows.append((FleetRow(sid: entry.sid, title: title, state: entry.state, since: since), index))
        }
        rows.sort { lhs, rhs in
            if (lhs.row.state.rank, lhs.row.since) != (rhs.row.state.rank, rhs.row.since) {
                return (lhs.row.state.rank, lhs.row.since) < (rhs.row.state.rank, rhs.row.since)
            }
            let bySid = sidOrder(lhs.row.sid, rhs.row.sid, writer: writer)
            return bySid != 0 ? bySid < 0 : lhs.index < rhs.index
        }
        let shown = guards.maxRows ? Array(rows.prefix(maxRows)) : rows
        let content = FleetContentState(
            working: active.count(where: { $0.state == .working }),
            needsInput: active.count(where: { $0.state == .needsInput }),
            rows: shown.map(\.row),
            more: active.count - shown.count,
            updatedAt: now)
        return (content, SinceMap(stamps))
    }

    /// How `writer` orders two sids that tie on state and since (-1, 0, 1): the server's
    /// TypeScript sort uses `localeCompare` (`SidCollation`; issue 50, item 9), the app Swift's
    /// String `<`.
    static func sidOrder(_ a: String, _ b: String, writer: FleetWriter) -> Int {
        switch writer {
        case .server: SidCollation.compare(a, b)
        case .app: a < b ? -1 : a == b ? 0 : 1
        }
    }
}
