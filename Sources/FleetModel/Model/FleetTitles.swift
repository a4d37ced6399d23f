import FleetCard

/// The row title each writer writes for each session of the world (a session's `title` in the
/// configuration; Models/README.md, "Titles"). A stored row keeps which writer's rendering it
/// holds in one bit (`serverBit`), set only where the two renderings differ, so a world whose
/// titles render alike (every committed world before the title seam: titles are the sids)
/// stores exactly the rows it stored before.
struct FleetTitles: Sendable, Hashable {
    /// Row byte bit: the row holds the server's rendering of its session's title.
    static let serverBit: UInt8 = 0x10

    /// By session index: the app's rendering, the server's.
    let app: [String]
    let server: [String]

    /// Nil when every session's two renderings agree (nothing for a row to remember).
    init?(_ sessions: [FleetConfig.SessionSpec]) {
        let raw = sessions.indices.map { sessions[$0].title ?? FleetLogic.sid($0) }
        app = raw.indices.map { FleetRow.appTitle(raw[$0], sid: FleetLogic.sid($0)) }
        server = raw.indices.map { FleetRow.serverTitle(raw[$0], sid: FleetLogic.sid($0)) }
        if app == server { return nil }
    }

    /// The title row byte `r` of session `i` shows.
    func title(_ i: Int, row r: UInt8) -> String {
        guard i < app.count else { return FleetLogic.sid(i) }
        return r & Self.serverBit != 0 ? server[i] : app[i]
    }

    /// The bit a row of session `i` showing `title` keeps: set when it is the server's rendering
    /// and not the app's.
    func bit(_ i: Int, title: String) -> UInt8 {
        i < app.count && title != app[i] && title == server[i] ? Self.serverBit : 0
    }

    /// A row byte's session index (the bits above the state bit, below `serverBit`).
    static func index(_ r: UInt8) -> Int { Int(r >> 1 & 0x7) }
}

extension CardContent {
    /// The content with every row's title as the app writes it (`FleetTitles.serverBit` clear).
    var withAppTitles: CardContent {
        var out = self
        for k in rows.indices { out.rows[k] = rows[k] & ~FleetTitles.serverBit }
        return out
    }

    /// Whether some row holds the server's rendering of a title the app writes otherwise.
    var hasServerTitles: Bool { rows.contains { $0 & FleetTitles.serverBit != 0 } }
}
