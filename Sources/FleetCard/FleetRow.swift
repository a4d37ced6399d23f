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

/// Which writer builds a content state: the app (`FleetActivitySnapshot`) or the server
/// (`reduceFleetLiveActivity`). They build it with one function (`FleetTally`) and differ only
/// in how a row's title is written (`FleetRow.displayTitle`).
public enum FleetWriter: String, Codable, Hashable, Sendable {
    case app, server
}
