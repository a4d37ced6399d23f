/// The order of the since stamps, with time abstracted (Models/README.md, "Time"): rows order
/// needs-input first, then oldest-first within a state (spec: "rows [Row] ... Needs-input
/// first, then oldest-first within a state"), and since restarts when a session changes state
/// (spec: "Change state and the timer restarts"). The state keeps only the relative order in
/// which the sessions of each active state entered it, renormalized to 0..n-1.
extension FleetState {
    /// Session `i` turns `activity`: it leaves its state's order (the sessions that entered it
    /// later move up one) and, when active, enters the new state's order last (the newest).
    mutating func setActivity(_ i: Int, _ activity: Activity) {
        let old = sessions[i]
        if old.activity.isActive {
            for k in sessions.indices
            where k != i && sessions[k].activity == old.activity && sessions[k].since > old.since {
                sessions[k].since -= 1
            }
        }
        sessions[i].activity = activity
        sessions[i].since = activity.isActive
            ? UInt8(sessions.indices.count { $0 != i && sessions[$0].activity == activity }) : 0
    }

    /// The sessions at the start of every behaviour: the ones already active entered their
    /// state in the order of their `entered`, then of config order (a fact of the
    /// configuration, Models/README.md, "Time").
    static func initialSessions(_ specs: [FleetConfig.SessionSpec]) -> FleetState.Sessions {
        func key(_ k: Int) -> (Int, Int) { (specs[k].entered ?? 0, k) }
        return FixedList(specs.indices.map { i in
            let a = specs[i].initial
            let earlier = a.isActive ? specs.indices.count { specs[$0].initial == a && key($0) < key(i) } : 0
            return SessionCell(activity: a, duplicated: false, since: UInt8(earlier))
        })
    }
}

extension SessionCell {
    enum CodingKeys: String, CodingKey { case activity, duplicated, since }

    /// Traces recorded before `since` existed decode with it 0; it is written only when not 0 (a
    /// session alone in its state never has another), so such traces replay byte for byte.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activity = try c.decode(Activity.self, forKey: .activity)
        duplicated = try c.decode(Bool.self, forKey: .duplicated)
        since = try c.decodeIfPresent(UInt8.self, forKey: .since) ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(activity, forKey: .activity)
        try c.encode(duplicated, forKey: .duplicated)
        if since != 0 { try c.encode(since, forKey: .since) }
    }
}
