/// The server's memory of the fleet card (`active` in src/push/watcher.ts).
///
/// spec: "The server", "The start veto", "F · The server restarts". In memory only, except
/// `current` (with its zero timer) and `since`, which `fileSnapshot` persists to
/// fleet-activity-state.json.
public struct FleetBox: Codable, Hashable, Sendable {
    /// What the server believes is on the phone: nil means "no card".
    public var current: FleetCardMemory?
    /// The sticky since baseline of every active session, not just the rendered ones.
    public var since: SinceMap
    /// The veto population: the active sids when the phone last reported it ended the card.
    /// Sorted, unique; nil when no veto is recorded.
    public var clientEnded: [String]?
    /// Whether start-vetoed has been logged for the current veto population; re-armed by a
    /// tick that was not vetoed (the real server's log, Models/README.md).
    public var vetoLogged: Bool
    /// The active sids of the last tick's decide, sorted and unique: what an /ended records as
    /// the veto population. The real server computes it at decide, so an /ended landing between
    /// a tick's decide and its apply records this tick's sessions (Models/README.md).
    public var population: [String]
    /// A boot-time load of fleet-activity-state.json is in flight.
    public var loadInFlight: Bool
    /// An /ended report arrived while the load was in flight.
    public var fleetEndedReported: Bool

    public init(
        current: FleetCardMemory? = nil, since: SinceMap = SinceMap(),
        clientEnded: [String]? = nil, vetoLogged: Bool = false, population: [String] = [],
        loadInFlight: Bool = false, fleetEndedReported: Bool = false
    ) {
        self.current = current
        self.since = since
        self.clientEnded = clientEnded
        self.vetoLogged = vetoLogged
        self.population = population
        self.loadInFlight = loadInFlight
        self.fleetEndedReported = fleetEndedReported
    }

    /// A fresh watcher's memory: empty.
    public static let empty = FleetBox()

    /// What fleet-activity-state.json holds for this memory, or nil when there is no card
    /// (the file is unlinked then).
    public var fileSnapshot: PersistedFleetState? {
        current.map { PersistedFleetState(current: $0, since: since) }
    }
}

/// The server's record of a card it believes is live.
public struct FleetCardMemory: Codable, Hashable, Sendable {
    /// The content last delivered, or nil for a card adopted on token registration (so the next
    /// tick's comparison fails and it pushes: spec lifecycle A, step 4).
    public var content: FleetContentState?
    /// The end hold's zero timer: when the total first read zero with this card up (the real
    /// server's, issue 50). It lives here, so it changes only when a tick's decision is applied
    /// (a held tick at once, a zeroed update when fully delivered), is persisted with the card,
    /// and goes with it (/ended, a delivered end); an adopted card starts without one.
    public var zeroSince: Double?

    public init(content: FleetContentState?, zeroSince: Double? = nil) {
        self.content = content
        self.zeroSince = zeroSince
    }
}

/// The contents of fleet-activity-state.json: the card and every row's elapsed baseline
/// (spec: "F · The server restarts").
public struct PersistedFleetState: Codable, Hashable, Sendable {
    public var current: FleetCardMemory
    public var since: SinceMap

    public init(current: FleetCardMemory, since: SinceMap) {
        self.current = current
        self.since = since
    }
}

/// What a server step does to fleet-activity-state.json.
public enum FileEffect: String, Codable, Hashable, Sendable {
    /// Leave the file as it is.
    case keep
    /// Write `FleetBox.fileSnapshot` (the box after the step).
    case write
    /// Unlink it.
    case unlink
}
