import FleetCard

/// One state of the fleet-card system: every actor's memory, packed small.
///
/// Every list in it is a `FixedList` held inline, so its cells are plain bytes (no allocation, no
/// reference counting when a step copies it; `FleetStateCapacityTests` pins it). Capacities are
/// the most the configuration's legal ranges allow: rows ≤ 2 per session (a duplicated row
/// counts twice without `seenSidSkip`), cards ≤ `maxCardsPerDevice` (every step that adds one
/// checks it), one cache entry per session, in-flight lists their bound plus one step's worth
/// (see the capacity constants; registry lists are the exception: a step past `tokenCapacity`
/// is refused).
///
/// Identifiers are small integers: sessions and hosts by index (config order), tokens by a
/// number renumbered in order of first appearance after every step (`canonicalTokens`), so two
/// states that differ only in how tokens happened to be numbered are one state.
public struct FleetState: Hashable, Codable, @unchecked Sendable {
    /// The cells behind one reference, copied on the first write through a shared one (so a
    /// state is as sendable as its plain-bytes cells: a shared box is never written). The
    /// search copies a state several times a step, and a reference copies in one retain where
    /// the cells (about 900 bytes) would be moved whole.
    var box: FleetStateBox

    public init(
        sessions: Sessions, hostsDown: UInt8, servers: Servers, registries: Registries, devices: Devices,
        pushes: Pushes, posts: Posts
    ) {
        box = .make(Cells(
            sessions: sessions, hostsDown: hostsDown, servers: servers, registries: registries, devices: devices,
            pushes: pushes, posts: posts))
    }

    init(cells: Cells) { box = .make(cells) }

    /// Every actor's memory as plain bytes (`FleetStateCapacityTests` pins it): no field is
    /// reference counted, so copying the cells is one move.
    ///
    /// Each field is read and written through the state's accessor of the same name
    /// (`Storage/FleetState+Fields.swift`: a write marks the part it changed).
    public struct Cells: Hashable, Codable, Sendable {
        /// Per session, in config order.
        public var sessions: Sessions
        /// Bit h: host h is down (unreachable from the phone).
        public var hostsDown: UInt8
        /// One watcher per host (index = host), then the scratch server when configured (host 0).
        public var servers: Servers
        /// live-activity-tokens.json, one per host; the scratch server reads host 0's.
        public var registries: Registries
        /// Per device, in config order.
        public var devices: Devices
        /// APNs sends accepted and not yet delivered (or dropped).
        public var pushes: Pushes
        /// POSTs from a phone to a host, sent and not yet arrived (or lost).
        public var posts: Posts
    }

    public typealias Sessions = FixedList<4, SessionCell>
    public typealias Servers = FixedList<3, ServerCell>
    public typealias Registries = FixedList<2, RegistryCell>
    public typealias Devices = FixedList<3, DeviceCell>
    public typealias Pushes = FixedList<11, PushCell>
    public typealias Posts = FixedList<9, PostCell>
    public typealias Tokens = FixedList<8, TokenEntry>
    public typealias Targets = FixedList<8, TargetCell>
}

/// What the world has done to one session (the ladder's inputs, spec: SessionDisplayState).
public enum Activity: String, Hashable, Codable, Sendable, CaseIterable {
    case idle, working, needsInput, blocked
}

public struct SessionCell: Hashable, Codable, Sendable {
    public var activity: Activity
    /// A second live row with the same sid (an in-TUI /resume): the server observes it twice.
    public var duplicated: Bool
    /// The order of its since stamp among the sessions in the same active state: 0 entered it
    /// first (the oldest row), n-1 last; 0 while idle or blocked (Models/README.md, "Time").
    public var since: UInt8 = 0

    public init(activity: Activity, duplicated: Bool, since: UInt8 = 0) {
        self.activity = activity
        self.duplicated = duplicated
        self.since = since
    }
}

extension Activity {
    /// Working or needs-input: a card row with a since stamp (spec: "state is only ever
    /// "working" or "needsInput"").
    var isActive: Bool { self == .working || self == .needsInput }
}

/// A card's content with the two clocks abstracted (Models/README.md, "Time"): counts, rows as
/// (session index, needs-input?) in card order, and `more`.
public struct CardContent: Hashable, Codable, Sendable {
    public var working: UInt8
    public var needsInput: UInt8
    /// Row i: session index << 1 | 1 when the row is needs-input.
    public var rows: FixedList<8, UInt8>
    public var more: UInt8

    /// Computed: a stored static is a lazy global, checked on every use.
    public static var zero: CardContent { CardContent(working: 0, needsInput: 0, rows: [], more: 0) }
    public var activeTotal: Int { Int(working) + Int(needsInput) }
}

/// The server's `active.current`: no card, a card adopted without content, or a card with content.
public enum CardMemory: Hashable, Codable, Sendable {
    case none
    case adopted
    case card(CardContent)
}

/// What fleet-activity-state.json holds: the card memory and the sids of the since map.
public struct PersistedCell: Hashable, Codable, Sendable {
    public var memory: CardMemory
    public var sinceMask: UInt8
}

/// One push watcher (the FleetBox plus the file and the tick in flight).
public struct ServerCell: Hashable, Codable, Sendable {
    public var memory: CardMemory
    /// The sessions active at the last tick's decide: the population an /ended records, which
    /// stands for the since map's sids too (`FleetLogic.box`).
    public var sinceMask: UInt8
    /// clientEnded: the veto population, nil when none is recorded.
    public var vetoMask: UInt8?
    public var loading: Bool
    public var endedDuringLoad: Bool
    /// The boot-time load put back a card the phone had reported ended (history, for causes).
    public var resurrected: Bool
    /// The card was forgotten (/ended, a delivered end) since the last token registration
    /// (history, for causes).
    public var forgotSinceRegistration: Bool
    public var file: PersistedCell?
    /// The snapshot the boot-time load read at restart.
    public var pendingLoad: PersistedCell?
    /// A tick between decide and apply.
    public var tick: TickCell?

    static var fresh: ServerCell {
        ServerCell(
            memory: .none, sinceMask: 0, vetoMask: nil, loading: false, endedDuringLoad: false, resurrected: false,
            forgotSinceRegistration: true, file: nil, pendingLoad: nil, tick: nil)
    }
}

/// A decided tick: what it sends, to whom, and how each send came back so far.
public struct TickCell: Hashable, Codable, Sendable {
    public var action: FleetCard.FleetAction
    public var content: CardContent
    public var sinceMask: UInt8
    public var targets: FixedList<8, TargetCell>
    /// Phones (bits) with a card whose token the server held, unforgotten, when it decided.
    public var besideRegistered: UInt8
    /// FleetCard's own decision, handed back to its apply half unchanged.
    public var decided: DecidedTick
}

public struct TargetCell: Hashable, Codable, Sendable {
    public enum Outcome: String, Hashable, Codable, Sendable { case pending, accepted, failed }
    /// A token number, or for a broadcast the channel's environment (`channel` set).
    public var token: UInt8
    public var env: UInt8
    public var channel: Bool
    public var outcome: Outcome
}

/// One token in a registry list, in first-registration order (`TokenRegistry`).
public struct TokenEntry: Hashable, Codable, Sendable {
    public var token: UInt8
    /// The phone that registered it (0xFF: a dev build outside the model).
    public var device: UInt8
    /// 0 production, 1 sandbox.
    public var env: UInt8
}

public struct RegistryCell: Hashable, Codable, Sendable {
    public var pushToStart: FleetState.Tokens
    public var update: FleetState.Tokens
}

extension UInt8: FixedListElement {
    public static var blank: UInt8 { 0 }
}

extension Activity: FixedListElement {
    public static var blank: Activity { .idle }
}

extension FleetState {
    /// The most rows a card holds: two per session (`FleetConfig.sessionCount`).
    static let rowCapacity = 8
    /// The most cards a phone shows (`FleetConfig.maxCardsRange`).
    static let cardCapacity = 6
    /// The most sessions (`FleetConfig.sessionCount`): a phone's cache holds one per session.
    static let cacheCapacity = 4
    /// One watcher per host (`FleetConfig.hostRange`) and the scratch server.
    static let serverCapacity = 3
    /// One token store per host (`FleetConfig.hostRange`).
    static let registryCapacity = 2
    /// The most phones (`FleetConfig.deviceCount`).
    static let deviceCapacity = 3
    /// The in-flight bound, plus what one step adds before `withinBounds` refuses it: a send
    /// reaches at most every phone (a broadcast).
    static let pushCapacity = 11
    /// The in-flight bound plus one: a step that sends more (an activityUpdates arrival POSTs
    /// every card's token to every registration host) only notes the overflow and is refused
    /// (`FleetState.post`).
    static let postCapacity = 9
    /// The most tokens a registry list (and so a tick's targets) holds. With the guards on a
    /// list holds at most 6 (three push-to-start tokens per environment; one update token per
    /// environment, or per phone and environment with a device id). With a cap or supersede
    /// guard off no range bounds it (the PR worlds' mutants reach 5): a step that would grow
    /// one past this is refused by the model's token-list capacity (`FleetBound`, reported in
    /// the bound cut) rather than dropping a token or stopping the run.
    static let tokenCapacity = 8
}

extension SessionCell: FixedListElement {
    public static var blank: SessionCell { SessionCell(activity: .idle, duplicated: false) }
}

extension ServerCell: FixedListElement {
    public static var blank: ServerCell { .fresh }
}

extension RegistryCell: FixedListElement {
    public static var blank: RegistryCell { RegistryCell(pushToStart: [], update: []) }
}

extension TokenEntry: FixedListElement {
    public static var blank: TokenEntry { TokenEntry(token: 0, device: 0, env: 0) }
}

extension TargetCell: FixedListElement {
    public static var blank: TargetCell { TargetCell(token: 0, env: 0, channel: false, outcome: .pending) }
}
