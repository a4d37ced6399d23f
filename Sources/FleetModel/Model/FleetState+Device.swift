import FleetCard

/// Where the app process is (spec: "The app", "C · The phone is idle").
public enum AppPhase: String, Hashable, Codable, Sendable {
    case notRunning, suspended, foreground, background

    /// Observation, syncs and the activityUpdates handler run only in a live process.
    public var isAlive: Bool { self == .foreground || self == .background }
}

/// Who created a card: the app (Path A) or a server's push-to-start (Path B).
public enum CardOrigin: String, Hashable, Codable, Sendable {
    case app, server, otherServer
}

/// One fleet Live Activity on a phone. Its flags and origin share one byte (`bits`): a phone
/// holds up to six cards, copied with every state, so each byte saved is twelve a state.
public struct CardCell: Hashable, Sendable {
    public var content: CardContent
    /// Its current update token (0: none, a card created with pushType nil never has one).
    public var token: UInt8
    /// posted, pushCapable, registered, sendFailed (bits 0...3), the origin's code (bits 4...5),
    /// besideRegistered, failureCounted (bits 6, 7): the byte the fingerprint packs.
    var bits: UInt8

    public init(
        content: CardContent, token: UInt8, posted: Bool, pushCapable: Bool, origin: CardOrigin, registered: Bool,
        sendFailed: Bool, besideRegistered: Bool, failureCounted: Bool = false
    ) {
        self.content = content
        self.token = token
        bits = 0
        self.posted = posted
        self.pushCapable = pushCapable
        self.origin = origin
        self.registered = registered
        self.sendFailed = sendFailed
        self.besideRegistered = besideRegistered
        self.failureCounted = failureCounted
    }

    @inline(__always) func flag(_ k: UInt8) -> Bool { bits & (1 << k) != 0 }
    @inline(__always) mutating func set(_ k: UInt8, _ on: Bool) { bits = on ? bits | (1 << k) : bits & ~(1 << k) }

    /// The app has POSTed the current token.
    public var posted: Bool { get { flag(0) } set { set(0, newValue) } }
    public var pushCapable: Bool { get { flag(1) } set { set(1, newValue) } }
    /// Some token of this card reached a server (history, for naming the cause of a finding).
    public var registered: Bool { get { flag(2) } set { set(2, newValue) } }
    /// The last send to its token was rejected (history, for naming the cause of a finding).
    public var sendFailed: Bool { get { flag(3) } set { set(3, newValue) } }
    /// Push-started while the server already held a live update token of a card on this phone.
    public var besideRegistered: Bool { get { flag(6) } set { set(6, newValue) } }
    /// A tick whose send to this card failed was applied as delivered: the server's memory moved
    /// past the failure (history, for naming the cause of a finding; only without the delivery
    /// threshold's guard).
    public var failureCounted: Bool { get { flag(7) } set { set(7, newValue) } }
    public var origin: CardOrigin {
        get { bits >> 4 & 3 == 0 ? .app : bits >> 4 & 3 == 1 ? .server : .otherServer }
        set { bits = bits & ~0x30 | FleetSystem.originCode(newValue) << 4 }
    }
}

extension CardCell: CustomReflectable {
    /// Its fields by name, as before they shared a byte (test failures, dumps).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "content": content, "token": token, "posted": posted, "pushCapable": pushCapable, "origin": origin,
            "registered": registered, "sendFailed": sendFailed, "besideRegistered": besideRegistered,
            "failureCounted": failureCounted,
        ])
    }
}

extension CardCell: Codable {
    enum CodingKeys: String, CodingKey {
        case content, token, posted, pushCapable, origin, registered, sendFailed, besideRegistered, failureCounted
    }

    /// Traces recorded before `failureCounted` existed decode with it false; it is written only
    /// when set, so such traces replay byte for byte.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            content: try c.decode(CardContent.self, forKey: .content), token: try c.decode(UInt8.self, forKey: .token),
            posted: try c.decode(Bool.self, forKey: .posted), pushCapable: try c.decode(Bool.self, forKey: .pushCapable),
            origin: try c.decode(CardOrigin.self, forKey: .origin), registered: try c.decode(Bool.self, forKey: .registered),
            sendFailed: try c.decode(Bool.self, forKey: .sendFailed),
            besideRegistered: try c.decode(Bool.self, forKey: .besideRegistered),
            failureCounted: try c.decodeIfPresent(Bool.self, forKey: .failureCounted) ?? false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(content, forKey: .content)
        try c.encode(token, forKey: .token)
        try c.encode(posted, forKey: .posted)
        try c.encode(pushCapable, forKey: .pushCapable)
        try c.encode(origin, forKey: .origin)
        try c.encode(registered, forKey: .registered)
        try c.encode(sendFailed, forKey: .sendFailed)
        try c.encode(besideRegistered, forKey: .besideRegistered)
        if failureCounted { try c.encode(failureCounted, forKey: .failureCounted) }
    }
}

/// One phone: its cards (oldest updatedAt first) and its app.
public struct DeviceCell: Hashable, Codable, Sendable {
    /// Ordered by updatedAt: the last card is the one most recently addressed.
    public var cards: FixedList<6, CardCell>
    public var app: AppPhase
    /// liveSessionsFetchedOnce since this process launched.
    public var fetched: Bool
    /// Hosts the store knows to be down (bit h).
    public var knownDown: UInt8
    /// The install's current push-to-start token.
    public var pushToStartToken: UInt8
    /// A push-to-start arrived: iOS may launch the app in the background.
    public var wakePending: Bool
    /// A sync trigger fired (launch, observation, refresh, foregrounding) and sync has not run.
    public var needsSync: Bool
    /// History for restart-loop: cards push-started here since the world last acted (saturates at 3).
    public var startsSinceWorld: UInt8
    /// The app's last synced snapshot (FleetActivityController's memory, nil at launch): sync
    /// compares the new snapshot with it, not with what the card shows (Models/README.md).
    public var lastSynced: CardContent?
    /// The GRDB cache: each session's activity as the app last saw it live (config order). A cold
    /// launch hydrates the store from it, finished sessions included (Models/README.md).
    public var cache: FixedList<4, Activity>
}

/// An APNs send accepted for a live token, on its way to the phone.
public struct PushCell: Hashable, Codable, Sendable {
    public var device: UInt8
    public var action: FleetCard.FleetAction
    public var content: CardContent
    /// The card's token for update / end; 0 for a start or a broadcast.
    public var token: UInt8
    /// Delivered through the environment's broadcast channel (variant).
    public var channel: Bool
    public var origin: CardOrigin
    /// A start sent while the server held a live update token of a card on this phone.
    public var besideRegistered: Bool
}

/// A POST from a phone to a host's canonical port (spec: the three endpoints).
public struct PostCell: Hashable, Codable, Sendable {
    public enum Endpoint: String, Hashable, Codable, Sendable { case startToken, updateToken, ended }
    public var device: UInt8
    public var host: UInt8
    public var endpoint: Endpoint
    public var token: UInt8
    /// The APNs environment of the token (0 production, 1 sandbox).
    public var env: UInt8
}

extension DeviceCell {
    enum CodingKeys: String, CodingKey {
        case cards, app, fetched, knownDown, pushToStartToken, wakePending, needsSync, startsSinceWorld, lastSynced, cache
    }

    /// Traces recorded before `lastSynced` and `cache` existed decode with them empty; both are
    /// written only when set, so such traces replay byte for byte.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cards = try c.decode(FixedList<6, CardCell>.self, forKey: .cards)
        app = try c.decode(AppPhase.self, forKey: .app)
        fetched = try c.decode(Bool.self, forKey: .fetched)
        knownDown = try c.decode(UInt8.self, forKey: .knownDown)
        pushToStartToken = try c.decode(UInt8.self, forKey: .pushToStartToken)
        wakePending = try c.decode(Bool.self, forKey: .wakePending)
        needsSync = try c.decode(Bool.self, forKey: .needsSync)
        startsSinceWorld = try c.decode(UInt8.self, forKey: .startsSinceWorld)
        lastSynced = try c.decodeIfPresent(CardContent.self, forKey: .lastSynced)
        cache = try c.decodeIfPresent(FixedList<4, Activity>.self, forKey: .cache) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cards, forKey: .cards)
        try c.encode(app, forKey: .app)
        try c.encode(fetched, forKey: .fetched)
        try c.encode(knownDown, forKey: .knownDown)
        try c.encode(pushToStartToken, forKey: .pushToStartToken)
        try c.encode(wakePending, forKey: .wakePending)
        try c.encode(needsSync, forKey: .needsSync)
        try c.encode(startsSinceWorld, forKey: .startsSinceWorld)
        try c.encodeIfPresent(lastSynced, forKey: .lastSynced)
        if !cache.isEmpty { try c.encode(cache, forKey: .cache) }
    }
}

// The blanks are computed, not stored: a stored static is a lazy global, checked on every use
// (a list's remove writes one).
extension CardCell: FixedListElement {
    public static var blank: CardCell {
        CardCell(
            content: .zero, token: 0, posted: false, pushCapable: false, origin: .app, registered: false,
            sendFailed: false, besideRegistered: false)
    }
}

extension DeviceCell: FixedListElement {
    public static var blank: DeviceCell {
        DeviceCell(
            cards: [], app: .notRunning, fetched: false, knownDown: 0, pushToStartToken: 0, wakePending: false,
            needsSync: false, startsSinceWorld: 0, lastSynced: nil, cache: [])
    }
}

extension PushCell: FixedListElement {
    public static var blank: PushCell {
        PushCell(device: 0, action: .nothing, content: .zero, token: 0, channel: false, origin: .app, besideRegistered: false)
    }
}

extension PostCell: FixedListElement {
    public static var blank: PostCell { PostCell(device: 0, host: 0, endpoint: .startToken, token: 0, env: 0) }
}
