/// Which sessions the app's since map remembers between syncs.
///
/// spec: "since is a sticky baseline": "Both writers carry a since map across ticks ... scroll
/// out of the visible three rows and back, and the elapsed time survives — the server tracks
/// since for every active session, not just the rendered ones." The contrast is read as: the
/// app carries the rows it rendered only (`renderedRows`, the default), in its own memory, empty
/// at launch. The other readings are kept so a model can check them too.
public enum ClientSinceScope: String, Codable, Hashable, Sendable, CaseIterable {
    /// The rows of the app's own last snapshot.
    case renderedRows
    /// Every active session of the app's own last snapshot, as on the server.
    case allActive
    /// The rows currently on the card, whichever writer put them there (`FleetClientSync` reads
    /// them off the card instead of its own memory).
    case cardRows
}

/// The app's pure reducer (`FleetActivitySnapshot` in LFGCore): the content state from the
/// app's filtered sessions, with the since map to carry to the next sync.
public struct FleetActivitySnapshot: Codable, Hashable, Sendable {
    /// The content the app would put on the card.
    public var content: FleetContentState
    /// The since map this snapshot carries to the next one.
    public var carry: SinceMap

    /// FleetActivitySnapshot.maxRows, identical to the server's MAX_FLEET_ROWS.
    public static let maxRows = FleetTally.maxRows

    public init(content: FleetContentState, carry: SinceMap) {
        self.content = content
        self.carry = carry
    }

    /// The snapshot of `sessions` (already the app's filtered view) at `now`.
    ///
    /// The app has no seen-sid skip (the spec places that guard on the server only), so a
    /// duplicated row counts twice here whatever the guard says.
    public static func make(
        from sessions: [FleetSession], carrying prior: SinceMap, now: Double,
        scope: ClientSinceScope = .renderedRows, guards: Guards = .all
    ) -> FleetActivitySnapshot {
        let active = sessions.compactMap { session in
            session.activeState.map { FleetTally.Entry(sid: session.sid, title: session.title, state: $0) }
        }
        let (content, since) = FleetTally.build(active, prior: prior, now: now, writer: .app, guards: guards)
        let carry: SinceMap
        switch scope {
        case .allActive:
            carry = since
        case .renderedRows, .cardRows:
            carry = SinceMap(content.rows.map { SinceStamp(sid: $0.sid, state: $0.state, since: $0.since) })
        }
        return FleetActivitySnapshot(content: content, carry: carry)
    }

    /// The snapshot of the store's filtered view.
    public static func make(
        from store: FleetStoreView, carrying prior: SinceMap, now: Double,
        scope: ClientSinceScope = .renderedRows, guards: Guards = .all
    ) -> FleetActivitySnapshot {
        make(from: store.filteredSessions, carrying: prior, now: now, scope: scope, guards: guards)
    }

    /// Working plus needs-input.
    public var activeTotal: Int { content.activeTotal }
}
