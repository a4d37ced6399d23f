import FleetCard

/// A fleet model configuration (Models/*.json): bounds, guards, variants, world faults, and
/// the findings the configuration expects.
public struct FleetConfig: Hashable, Codable, Sendable {
    /// One session: which host runs it and whether its directory is in the app's hidden dirs.
    public struct SessionSpec: Hashable, Codable, Sendable {
        public var host: Int
        public var hidden: Bool
        /// The activity at the start of every behaviour.
        public var initial: Activity
        /// When the session entered its initial (active) state, relative to the others starting
        /// in it: lower entered earlier; ties, and the default (nil: 0), go by config order
        /// (Models/README.md, "Time").
        public var entered: Int?
        /// What every phone's GRDB cache holds for it at the start (nil: its initial activity).
        /// A different activity is a stale cache: the app last saw the session before it changed.
        public var cached: Activity?
        /// The session's title (nil: its sid, as the model names it). The app shows it whole, the
        /// server trims and cuts it (`FleetRow.displayTitle`): a long or padded one is the title seam.
        public var title: String?

        public init(
            host: Int, hidden: Bool = false, initial: Activity = .idle, entered: Int? = nil, cached: Activity? = nil,
            title: String? = nil
        ) {
            self.host = host
            self.hidden = hidden
            self.initial = initial
            self.entered = entered
            self.cached = cached
            self.title = title
        }

        /// The activity the phones' cache starts with.
        var cachedActivity: Activity { cached ?? initial }

        /// Same host, hidden flag, initial and cached activity and title: interchangeable
        /// (`entered` only fixes the initial since order, which each session carries with it).
        func isAlike(_ other: SessionSpec) -> Bool {
            host == other.host && hidden == other.hidden && initial == other.initial
                && cachedActivity == other.cachedActivity && title == other.title
        }
    }

    /// One phone and the APNs environment its build registers in.
    public struct DeviceSpec: Hashable, Codable, Sendable {
        public var environment: ApnsEnvironment
    }

    /// Fixes the spec proposes (spec: "What is still open").
    public struct Variants: Hashable, Codable, Sendable {
        /// Update and end go to one broadcast channel per environment; every card receives them.
        public var broadcastChannel: Bool
        /// The update-token registration carries a device id: one slot per device and environment.
        public var deviceIdOnWire: Bool
        /// What the server observes: its own host's sessions (`ownHost`) or every host's.
        public var serverView: ServerView
        /// "Never end a card this server never filled": an adopted card the server has not yet
        /// pushed content to is kept when its own view counts zero (a proposed fix, not the spec).
        public var keepUnfilledCards: Bool
        /// When the app trusts its count: the spec's rule (the default and the contract) or the
        /// app's since 2026-09-21, which ignores hosts known down (issue 50, item 10).
        public var countTrust: CountTrust
        /// iOS still starts a card from a phone's older push-to-start token, one the registry
        /// keeps beside the newer one; off, only the phone's newest token starts a card.
        public var olderPushToStartHonoured: Bool

        public init(
            broadcastChannel: Bool, deviceIdOnWire: Bool, serverView: ServerView, keepUnfilledCards: Bool,
            countTrust: CountTrust = .noHostKnownDown, olderPushToStartHonoured: Bool = false
        ) {
            self.broadcastChannel = broadcastChannel
            self.deviceIdOnWire = deviceIdOnWire
            self.serverView = serverView
            self.keepUnfilledCards = keepUnfilledCards
            self.countTrust = countTrust
            self.olderPushToStartHonoured = olderPushToStartHonoured
        }

        public static let documented = Variants(
            broadcastChannel: false, deviceIdOnWire: false, serverView: .ownHost, keepUnfilledCards: false)
    }

    public enum ServerView: String, Hashable, Codable, Sendable, CaseIterable { case ownHost, allHosts }

    /// Which world actions and faults exist (each one an assumption of the run).
    public struct World: Hashable, Codable, Sendable {
        /// The activities a session can be set to.
        public var sessionActivities: [Activity]
        public var duplicateRows: Bool
        public var hostOutage: Bool
        public var serverRestart: Bool
        public var appTerminated: Bool
        public var postLost: Bool
        public var sendFails: Bool
        public var pushDropped: Bool
        public var noBackgroundLaunch: Bool
        public var tokenRotation: Bool
        /// Each launch mints a new push-to-start token (spec: "re-minted on essentially every app
        /// launch"); off, a launch re-registers the same token (a smaller space).
        public var pushToStartRotation: Bool
        /// A sandbox dev build launches elsewhere and registers a push-to-start token that rots.
        public var devBuildLaunch: Bool
    }

    /// Bounds of the search.
    public struct Bounds: Hashable, Codable, Sendable {
        public var worldBudget: Int
        public var depth: Int
        /// Cards one phone may show at once; a start beyond it is refused by the model (reported).
        public var maxCardsPerDevice: Int
        public var maxPushesInFlight: Int
        public var maxPostsInFlight: Int
    }

    /// A finding this configuration knows about, by property name, with the reason.
    public struct ExpectedFinding: Hashable, Codable, Sendable {
        public var property: String
        public var reason: String
    }

    /// Bounds changed for one guard's mutant only, with the reason.
    public struct MutantOverride: Hashable, Codable, Sendable {
        public var sessions: [SessionSpec]?
        public var hosts: Int?
        public var devices: [DeviceSpec]?
        public var staleSandboxTokens: Bool?
        public var scratchServer: Bool?
        public var world: World?
        public var worldBudget: Int?
        public var depth: Int?
        public var reason: String
    }

    /// This configuration with `override` applied (the guards are left as they are).
    public func patched(_ override: MutantOverride?) -> FleetConfig {
        guard let o = override else { return self }
        var c = self
        if let v = o.sessions { c.sessions = v }
        if let v = o.hosts { c.hosts = v }
        if let v = o.devices { c.devices = v }
        if let v = o.staleSandboxTokens { c.staleSandboxTokens = v }
        if let v = o.scratchServer { c.scratchServer = v }
        if let v = o.world { c.world = v }
        if let v = o.worldBudget { c.bounds.worldBudget = v }
        if let v = o.depth { c.bounds.depth = v }
        return c
    }

    public var description: String
    public var sessions: [SessionSpec]
    public var hosts: Int
    public var devices: [DeviceSpec]
    /// A sandbox build left a dead card behind: its update token (a corpse that answers 200)
    /// and its push-to-start token (rotted) are in the registry at the start.
    public var staleSandboxTokens: Bool
    /// A scratch `lfg serve` on a spare port of host 0, reading host 0's token store.
    public var scratchServer: Bool
    public var bounds: Bounds
    public var world: World
    public var guards: Guards
    public var variants: Variants
    public var expectedFindings: [ExpectedFinding]
    /// Per guard name; iterate `Guards.names`, never this dictionary.
    public var mutantOverrides: [String: MutantOverride]
    /// The end holds, when a configuration sets one (nil: 0 for both, the shipped design; left
    /// out of the JSON then, so traces of hold-0 configurations are unchanged).
    public var hold: Hold? = nil

    /// The server's end debounce and the app's end-gate hold, in seconds (spec: "hold is 0 ...
    /// The hold machinery survives as a parameter for tests and for the day it is wanted back").
    public struct Hold: Hashable, Codable, Sendable {
        public var server: Int
        public var app: Int
        public init(server: Int, app: Int) {
            self.server = server
            self.app = app
        }
    }

    /// The holds in force (0 and 0 unless the configuration sets them).
    public var holds: Hold { hold ?? Hold(server: 0, app: 0) }
}
