/// One rendered row of the card (spec: "A Row is { sid, title, state, since }").
public struct FleetRow: Codable, Hashable, Sendable {
    public var sid: String
    public var title: String
    public var state: FleetRowState
    /// The sticky baseline the elapsed label counts up from, in abstract seconds.
    public var since: Double

    /// The longest title the server puts on a row: 79 characters and "…".
    public static let maxServerTitleLength = 80

    /// The title `writer` puts on a row: the session's title, else the first 8 characters of its
    /// sid, else "Session" (both writers). The app shows the title whole; the server first trims
    /// surrounding whitespace and cuts a title longer than 80 characters to its first 79 and "…"
    /// (the real app and server, Models/README.md: the spec calls the two writers mirrors, so a
    /// long or padded title is a seam). Characters are Swift's (grapheme clusters).
    public static func displayTitle(_ title: String, sid: String, writer: FleetWriter) -> String {
        let own = writer == .server ? trimmed(title) : title
        let chosen = !own.isEmpty ? own : !sid.isEmpty ? String(sid.prefix(8)) : "Session"
        guard writer == .server, chosen.count > maxServerTitleLength else { return chosen }
        return String(chosen.prefix(maxServerTitleLength - 1)) + "…"
    }

    /// `title` without leading and trailing whitespace (Character.isWhitespace: spaces, tabs,
    /// line breaks), as the server's `trim()` does.
    static func trimmed(_ title: String) -> String {
        guard let first = title.firstIndex(where: { !$0.isWhitespace }),
            let last = title.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(title[first...last])
    }

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
