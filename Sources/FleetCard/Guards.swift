/// The guards of the spec's table "Every guard, and the bug it exists for", one switch each.
///
/// All are on by default (`Guards.all`). Switching one off makes the logic do what the table's
/// "Without it" column describes, so a property or the explorer can show the bug it prevents.
/// The names are a shared contract (notes/guards.md): JSON keys, `mutants` output, tests.
public struct Guards: Hashable, Sendable {
    /// FleetEndGate trustworthiness: an unknown count is not zero (spec: "Death", path 1).
    public var endGateTrustworthiness = true
    /// clientEnded start veto (spec: "The start veto").
    public var clientEndedVeto = true
    /// supersede() of the update token: one per environment (spec: "activityUpdate").
    public var supersedeUpdateToken = true
    /// accepted == attempted for update and end (spec: "Delivery threshold for update and end").
    public var allAcceptedForUpdateAndEnd = true
    /// MAX_PUSH_TO_START_PER_ENV = 3 (spec: "pushToStart").
    public var pushToStartCapPerEnv = true
    /// FleetActivityDedupe ends every card but the survivor (spec: "3 · Dedupe ends the losers").
    public var dedupe = true
    /// noteFleetActivityStarted on update-token registration (spec: the endpoint table).
    public var adoptOnTokenRegistration = true
    /// seen.has(sid): a duplicated session row is skipped (spec: "The server", last paragraph).
    public var seenSidSkip = true
    /// updatedAt is excluded from every change comparison (spec: "What actually travels").
    public var updatedAtExcluded = true
    /// Token registration goes to the default host only (spec: "The reason superseding...").
    public var defaultHostOnly = true
    /// pushWatcherEnabled: only the canonical port 8766 pushes (spec: "Feature flag").
    public var canonicalPortOnly = true
    /// maxRows = 3 in both writers (spec: "Lock screen — 3 rows").
    public var maxRows = true
    /// fleetEndedReported: an /ended during the boot-time load wins (spec: "F · The server restarts").
    public var fleetEndedReported = true
    /// pushType .token on app-created cards (spec: "Path A · The app creates it").
    public var pushTypeToken = true
    /// Card creation gated on count trust: an untrustworthy count creates no card (the real app's
    /// reading, issue 14; spec: "Death", path 1's `countTrustworthy == false` row). Split from
    /// endGateTrustworthiness, which gates only the end and update of an existing card (issue 47).
    public var creationGatedOnTrust = true

    /// Every guard on.
    public init() {}

    /// Every guard on: the documented design.
    public static let all = Guards()

    /// The guard names in the contract's order; iterate this, never a Set or a Dictionary.
    public static let names: [String] = [
        "endGateTrustworthiness", "clientEndedVeto", "supersedeUpdateToken",
        "allAcceptedForUpdateAndEnd", "pushToStartCapPerEnv", "dedupe",
        "adoptOnTokenRegistration", "seenSidSkip", "updatedAtExcluded", "defaultHostOnly",
        "canonicalPortOnly", "maxRows", "fleetEndedReported", "pushTypeToken",
        "creationGatedOnTrust",
    ]

    /// Whether the guard called `name` is on, or nil for an unknown name.
    public func isOn(_ name: String) -> Bool? {
        Self.keyPath(name).map { self[keyPath: $0] }
    }

    /// A copy with the guard called `name` switched `on`, or nil for an unknown name.
    public func with(_ name: String, _ on: Bool) -> Guards? {
        guard let path = Self.keyPath(name) else { return nil }
        var copy = self
        copy[keyPath: path] = on
        return copy
    }

    /// The documented design with exactly the guard `name` switched off (nil for an unknown name).
    public static func allBut(_ name: String) -> Guards? { Guards.all.with(name, false) }

    /// The names of the guards that are off, in contract order.
    public var switchedOff: [String] { Self.names.filter { isOn($0) == false } }

    static func keyPath(_ name: String) -> WritableKeyPath<Guards, Bool>? {
        switch name {
        case "endGateTrustworthiness": \.endGateTrustworthiness
        case "clientEndedVeto": \.clientEndedVeto
        case "supersedeUpdateToken": \.supersedeUpdateToken
        case "allAcceptedForUpdateAndEnd": \.allAcceptedForUpdateAndEnd
        case "pushToStartCapPerEnv": \.pushToStartCapPerEnv
        case "dedupe": \.dedupe
        case "adoptOnTokenRegistration": \.adoptOnTokenRegistration
        case "seenSidSkip": \.seenSidSkip
        case "updatedAtExcluded": \.updatedAtExcluded
        case "defaultHostOnly": \.defaultHostOnly
        case "canonicalPortOnly": \.canonicalPortOnly
        case "maxRows": \.maxRows
        case "fleetEndedReported": \.fleetEndedReported
        case "pushTypeToken": \.pushTypeToken
        case "creationGatedOnTrust": \.creationGatedOnTrust
        default: nil
        }
    }
}
