/// Everything the card shows; both writers replace it wholesale on every update.
///
/// spec: "What actually travels". The attributes (`fleetId == "fleet"`) never change and are
/// not modelled.
public struct FleetContentState: Codable, Hashable, Sendable {
    /// Sessions mid-turn, all of them, not just the rendered rows.
    public var working: Int
    /// Sessions waiting on a human, all of them.
    public var needsInput: Int
    /// At most 3 (with the maxRows guard): needs-input first, then oldest first within a state.
    public var rows: [FleetRow]
    /// Active sessions beyond `rows`.
    public var more: Int
    /// When the writer built it, in abstract seconds; never part of a change comparison.
    public var updatedAt: Double

    public init(working: Int, needsInput: Int, rows: [FleetRow], more: Int, updatedAt: Double) {
        self.working = working
        self.needsInput = needsInput
        self.rows = rows
        self.more = more
        self.updatedAt = updatedAt
    }

    /// The zeroed content an end carries.
    public static func zero(at now: Double) -> FleetContentState {
        FleetContentState(working: 0, needsInput: 0, rows: [], more: 0, updatedAt: now)
    }

    /// Every active session the card counts.
    public var activeTotal: Int { working + needsInput }

    /// The server's `sameFleetContentState`: counts, more, each row's sid/title/state/since —
    /// updatedAt pointedly excluded (spec: "The server"). A card adopted without content (nil)
    /// is never the same, so the next tick pushes (spec: lifecycle A, step 4).
    public static func sameFleetContentState(
        _ old: FleetContentState?, _ new: FleetContentState, guards: Guards = .all
    ) -> Bool {
        guard let old else { return false }
        return old.sameFields(as: new, includingUpdatedAt: !guards.updatedAtExcluded)
    }

    /// The app's `sameRenderableContent`: the identical field set as the server's comparison
    /// (spec: "The app ... compares counts, more, and each row's sid / title / state / since").
    public static func sameRenderableContent(
        _ old: FleetContentState?, _ new: FleetContentState, guards: Guards = .all
    ) -> Bool {
        sameFleetContentState(old, new, guards: guards)
    }

    func sameFields(as other: FleetContentState, includingUpdatedAt: Bool) -> Bool {
        working == other.working && needsInput == other.needsInput && more == other.more
            && rows == other.rows && (!includingUpdatedAt || updatedAt == other.updatedAt)
    }
}
