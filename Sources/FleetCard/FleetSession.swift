/// One session row as a writer observes it: the inputs of the display ladder plus where it lives.
///
/// The same sid may appear twice (an in-TUI /resume, a --fork-session fork before its pidfile is
/// readable): spec "The server", last paragraph. Each row carries its own flags.
public struct FleetSession: Codable, Hashable, Sendable {
    public var sid: String
    public var title: String
    /// The host the session runs on (the app sees every configured host, a server its own).
    public var host: String
    /// The working directory, matched exactly against the app's hidden dirs.
    public var dir: String
    public var busy: Bool
    public var paused: Bool
    /// A pending prompt (question, permission, plan approval, phone sign-in request).
    public var prompt: Bool
    /// Closed sessions never count.
    public var closed: Bool

    public init(
        sid: String, title: String = "", host: String = "h1", dir: String = "/",
        busy: Bool = false, paused: Bool = false, prompt: Bool = false, closed: Bool = false
    ) {
        self.sid = sid
        self.title = title
        self.host = host
        self.dir = dir
        self.busy = busy
        self.paused = paused
        self.prompt = prompt
        self.closed = closed
    }

    /// The ladder's verdict for this row.
    public var displayState: SessionDisplayState {
        SessionDisplayState.resolve(prompt: prompt, paused: paused, busy: busy)
    }

    /// The row state when this session is active (working or needs-input and not closed).
    public var activeState: FleetRowState? { closed ? nil : displayState.rowState }
}
