/// One rendered row of the card (spec: "A Row is { sid, title, state, since }").
public struct FleetRow: Codable, Hashable, Sendable {
    public var sid: String
    public var title: String
    public var state: FleetRowState
    /// The sticky baseline the elapsed label counts up from, in abstract seconds.
    public var since: Double

    /// The longest title a row carries.
    public static let maxTitleLength = 80

    /// The title both writers put on a row: the session's title, else the first 8 characters of
    /// its sid, else "Session"; clipped to 80 characters (the real app and server).
    public static func displayTitle(_ title: String, sid: String) -> String {
        let chosen = !title.isEmpty ? title : !sid.isEmpty ? String(sid.prefix(8)) : "Session"
        return String(chosen.prefix(maxTitleLength))
    }

    public init(sid: String, title: String, state: FleetRowState, since: Double) {
        self.sid = sid
        self.title = title
        self.state = state
        self.since = since
    }
}
