/// One rendered row of the card (spec: "A Row is { sid, title, state, since }").
public struct FleetRow: Codable, Hashable, Sendable {
    public var sid: String
    public var title: String
    public var state: FleetRowState
    /// The sticky baseline the elapsed label counts up from, in abstract seconds.
    public var since: Double

    public init(sid: String, title: String, state: FleetRowState, since: Double) {
        self.sid = sid
        self.title = title
        self.state = state
        self.since = since
    }
}
