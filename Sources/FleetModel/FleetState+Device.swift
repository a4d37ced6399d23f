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

/// One fleet Live Activity on a phone.
public struct CardCell: Hashable, Codable, Sendable {
    public var content: CardContent
    /// Its current update token (0: none, a card created with pushType nil never has one).
    public var token: UInt8
    /// The app has POSTed the current token.
    public var posted: Bool
    public var pushCapable: Bool
    public var origin: CardOrigin
    /// Some token of this card reached a server (history, for naming the cause of a finding).
    public var registered: Bool
    /// The last send to its token was rejected (history, for naming the cause of a finding).
    public var sendFailed: Bool
    /// Push-started while the server already held a live update token of a card on this phone.
    public var besideRegistered: Bool
}

/// One phone: its cards (oldest updatedAt first) and its app.
public struct DeviceCell: Hashable, Codable, Sendable {
    /// Ordered by updatedAt: the last card is the one most recently addressed.
    public var cards: [CardCell]
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
