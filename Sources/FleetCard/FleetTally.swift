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
    /// Rows: needs-input first, then oldest since first; ties (the spec is silent) break on sid,
    /// then on observation order. Counts include every entry, rendered or not.
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
            (lhs.row.state.rank, lhs.row.since, lhs.row.sid, lhs.index)
                < (rhs.row.state.rank, rhs.row.since, rhs.row.sid, rhs.index)
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
}
