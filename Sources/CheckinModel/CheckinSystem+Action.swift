import Explorer

/// The world's actions (budgeted) and the system's reactions.
public enum CheckinAction: Hashable, Codable, Sendable, CustomStringConvertible {
    // world
    case tap(goal: Int)
    case midnight
    case longGap
    case openApp
    case kill
    case revokeToken
    /// Delivery path `path`'s next POST gets no answer: the server never saw it.
    case failPost(path: Int)
    /// Delivery path `path`'s next POST reaches the server, but the answer is lost.
    case answerLate(path: Int)
    // system
    case finishTap
    case startDelivery(path: Int)
    case post(path: Int)
    case mint
    case hydrate
    case drain
    case clearDrained
    case enqueue
    case flush
    case persist
    case replay
    case refresh

    public var isWorld: Bool {
        switch self {
        case .tap, .midnight, .longGap, .openApp, .kill, .revokeToken, .failPost, .answerLate: true
        default: false
        }
    }

    static func pathName(_ p: Int) -> String { p == 0 ? "tap-time" : p == 1 ? "scheduler-retry" : "path \(p)" }

    public var description: String {
        switch self {
        case .tap(let g): "the user taps habit g\(g.oneBased) on the widget"
        case .midnight: "local midnight passes"
        case .longGap: "seven days pass"
        case .openApp: "the user opens the app"
        case .kill: "the process is killed"
        case .revokeToken: "the server revokes the check-in token"
        case .failPost(let p): "the \(Self.pathName(p)) POST gets no answer"
        case .answerLate(let p): "the \(Self.pathName(p)) POST's answer is lost"
        case .finishTap: "the widget finishes the tap"
        case .startDelivery(let p): "the \(Self.pathName(p)) path reads the queue"
        case .post(let p): "the \(Self.pathName(p)) path posts its next entry"
        case .mint: "the app mints a check-in token"
        case .hydrate: "the sync store loads from disk"
        case .drain: "the app drains the pending queue"
        case .clearDrained: "the unlocked drain clears the queue"
        case .enqueue: "JS enqueues the drained check-ins"
        case .flush: "the awaited flush"
        case .persist: "the store persists (fire-and-forget)"
        case .replay: "the store replays its oldest check-in"
        case .refresh: "the app rewrites the widget snapshot"
        }
    }
}
