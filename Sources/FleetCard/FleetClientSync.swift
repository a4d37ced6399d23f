/// How an app-created card is requested: `.token` makes it push-capable (spec: Path A).
public enum PushType: String, Codable, Hashable, Sendable {
    case token
}

/// What one `FleetActivityController.sync()` does to the phone's fleet card.
public enum FleetClientAction: Codable, Hashable, Sendable {
    /// `Activity.request(..., pushType:)`: nil pushType means a card that never mints an update token.
    case request(FleetContentState, pushType: PushType?)
    /// `activity.update(...)` with new renderable content.
    case update(FleetContentState)
    /// `activity.end(.immediate)`, then POST /ended.
    case end
    case nothing
}

/// The app-side writer's memory between syncs (`FleetActivityController`): its since map, its
/// end gate and its last synced snapshot. `syncing` is one sync, whatever woke it (spec: "The
/// app", four triggers). It is process memory: a launch starts from `FleetClientSync()`, with an
/// empty since map and no last snapshot (the spec gives the app no way to read them off the card).
public struct FleetClientSync: Codable, Hashable, Sendable {
    public var carry: SinceMap
    public var gate: FleetEndGate
    /// The content of the app's last request or update (nil at launch and after an end).
    public var last: FleetContentState?

    public init(carry: SinceMap = SinceMap(), gate: FleetEndGate = FleetEndGate(), last: FleetContentState? = nil) {
        self.carry = carry
        self.gate = gate
        self.last = last
    }

    /// One sync, `card` telling whether a fleet card exists (its content is not read), and
    /// `foreground` whether the app's scene is in the foreground.
    ///
    /// An untrustworthy count neither ends nor creates a card: the end gate leaves a card untouched
    /// (endGateTrustworthiness) and creation waits for trust (the real app's `creation gated on
    /// trust` reading, the creationGatedOnTrust guard). No card and something active → request (Path A), but only in
    /// the foreground: ActivityKit refuses `Activity.request` from a background scene (a
    /// visibility error), so a background-launched app creates nothing; a card → update only
    /// when `sameRenderableContent` says the snapshot differs from the app's own last synced
    /// snapshot, not from what the card shows (`compares with its own last sync`): a card the
    /// server rewrote is left alone until the app's view changes. A sync that finds no card and
    /// requests none (untrusted, or a trusted zero) forgets the last snapshot; one whose request
    /// ActivityKit refuses (the background) keeps it (the real app).
    public func syncing(
        _ store: FleetStoreView, card: FleetContentState?, now: Double, foreground: Bool = true,
        hold: Double = FleetEndGate.defaultHold, scope: ClientSinceScope = .renderedRows,
        guards: Guards = .all
    ) -> (action: FleetClientAction, next: FleetClientSync) {
        let prior = scope == .cardRows ? Self.rowsCarry(card) : carry
        let snapshot = FleetActivitySnapshot.make(from: store, carrying: prior, now: now, scope: scope, guards: guards)
        var next = self
        next.carry = snapshot.carry
        let (verdict, gate) = self.gate.step(
            trustworthy: store.isCountTrustworthy, activeTotal: snapshot.activeTotal, now: now,
            hold: hold, guards: guards)
        next.gate = gate
        guard card != nil else {
            // Creation waits for a trustworthy count (creationGatedOnTrust, its own guard since issue 47).
            let creates = snapshot.activeTotal > 0 && (store.isCountTrustworthy || !guards.creationGatedOnTrust)
            guard creates else {
                next.last = nil
                return (.nothing, next)
            }
            // ActivityKit refuses the request from a background scene; the real app's catch
            // skips the assignment, so its last synced snapshot stays (issue 50, item 8).
            guard foreground else { return (.nothing, next) }
            next.last = snapshot.content
            return (.request(snapshot.content, pushType: Self.pushType(guards: guards)), next)
        }
        switch verdict {
        case .untouched:
            return (.nothing, next)
        case .end:
            next.last = nil
            // The app's own end resets its zero clock (the real app's reading, issue 27).
            next.gate = FleetEndGate()
            return (.end, next)
        case .zeroed:
            guard card != nil else { return (.nothing, next) }
            if let last, FleetContentState.sameRenderableContent(last, snapshot.content, guards: guards) {
                return (.nothing, next)
            }
            next.last = snapshot.content
            return (.update(snapshot.content), next)
        case .keep:
            if let last, FleetContentState.sameRenderableContent(last, snapshot.content, guards: guards) {
                return (.nothing, next)
            }
            next.last = snapshot.content
            return (.update(snapshot.content), next)
        }
    }

    static func rowsCarry(_ card: FleetContentState?) -> SinceMap {
        SinceMap((card?.rows ?? []).map { SinceStamp(sid: $0.sid, state: $0.state, since: $0.since) })
    }

    /// The push type of an app-created card: `.token`, or nil without the pushTypeToken guard
    /// (a card that freezes the instant the app goes away).
    public static func pushType(guards: Guards = .all) -> PushType? {
        guards.pushTypeToken ? .token : nil
    }

    /// The hosts the app registers tokens with: the default host only, or every configured host
    /// (sorted) without the guard — each host's watcher then push-starts its own card.
    public static func registrationHosts(
        configured: [String], defaultHost: String, guards: Guards = .all
    ) -> [String] {
        guards.defaultHostOnly ? [defaultHost] : configured.sorted()
    }
}
