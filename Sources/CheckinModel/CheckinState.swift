import Widgets

/// Everything the check-in system holds at one instant: the device (clock, widget snapshot,
/// native queue, token, the two delivery paths), the app (if running), the server, and ghost
/// records the properties read (what was tapped, what was lost and how).
///
/// Durable: the snapshot, the native queue, the token, the sync store's disk copy, the server.
/// Everything else dies with the process (`kill`).
public struct CheckinState: Hashable, Codable, Sendable {
    /// Local days since the configuration's start day.
    public var day = 0
    /// The day the widget snapshot was built for; on a later day the widget shows NEW_DAY
    /// (rows suppressed, so nothing to tap) until the app refreshes it.
    public var snapshotDay = 0
    /// Per habit: the snapshot's checkedInToday.
    public var checked: [Bool]
    /// The native pending-checkin queue (durable).
    public var queue = PendingCheckinQueue()
    /// Taps whose second write has not happened yet (iOS: the append; Android: the flip).
    public var taps: [Tap] = []
    /// The tap-time path has been asked to deliver (by a tap that completed).
    public var tapTimeArmed = false
    /// The two delivery paths' runs in progress: [tap-time, scheduler-retry].
    public var runs: [DeliveryRun?] = [nil, nil]
    /// The locally cached check-in token (a generation), 0 when none.
    public var token = 1
    /// The token the server currently accepts.
    public var serverToken = 1
    public var app: AppProcess?
    /// The app's offline sync store; only its disk copy survives a kill.
    public var store = CheckinSyncStore()
    /// The server's habit_completions rows.
    public var completions: [Completion] = []

    // Ghost state: never read by the system, only by the properties and the story.
    public var tapped: [PendingCheckin] = []
    public var lost: [Loss] = []
    public var rejectedVisible: [PendingCheckin] = []
    public var silentlyDropped: [PendingCheckin] = []
    /// Tokens the server has answered UNAUTHORIZED to.
    public var deadTokens: [Int] = []
    public var postedWithDeadToken = false
    /// Entries a POST failed for (transient), and whether one was later delivered.
    public var failedOnce: [PendingCheckin] = []
    public var retriedDelivered = false

    public init(goals: Int) { checked = Array(repeating: false, count: goals) }
}

/// A tap in the widget process between its two writes.
public struct Tap: Hashable, Codable, Sendable {
    public var goal: Int
    public var entry: PendingCheckin
}

/// One delivery path's run: what it read from the queue, what it has posted successfully.
public struct DeliveryRun: Hashable, Codable, Sendable {
    public var toPost: [PendingCheckin]
    public var sent: [PendingCheckin] = []
}

/// The app process: its JS drain, if one is in flight.
public struct AppProcess: Hashable, Codable, Sendable {
    public enum Drain: Hashable, Codable, Sendable {
        /// Unlocked only: read, not yet cleared.
        case read([PendingCheckin])
        /// Cleared natively, returned to JS, not yet enqueued.
        case returned([PendingCheckin])
        /// Enqueued, the awaited flush not yet done.
        case flushing([PendingCheckin])
    }
    /// Whether this foreground (launch or resume) has run its drain.
    public var drained = false
    public var drain: Drain?

    public var inFlight: [PendingCheckin] {
        switch drain {
        case .read(let l), .returned(let l), .flushing(let l): l
        case nil: []
        }
    }
}

/// A server row: the habit, the day it is credited to, and (ghost) the day it was tapped.
public struct Completion: Hashable, Codable, Sendable {
    public var goal: Int
    public var creditedDay: Int
    public var tapDay: Int
    /// (ghost) The day the row was written.
    public var deliveredDay: Int
}

/// A tapped check-in that no longer exists anywhere, and how it went.
public struct Loss: Hashable, Codable, Sendable {
    public var entry: PendingCheckin
    public var cause: String
}
