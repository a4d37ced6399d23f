/// One host's push watcher and its three endpoints, as a value: the registry and the
/// fleet-activity-state.json on disk survive a restart, the box does not.
///
/// spec: "Endpoint / Sent when / Server effect" and "F · The server restarts". A tick is two
/// calls, `decide` then `apply`, so a model can interleave endpoint calls between them.
public struct FleetServer: Codable, Hashable, Sendable {
    /// The canonical port; only a watcher on it pushes (spec: "Feature flag").
    public static let canonicalPort = 8766

    public var registry: TokenRegistry
    public var box: FleetBox
    /// fleet-activity-state.json: nil when unlinked.
    public var file: PersistedFleetState?
    /// The snapshot the boot-time load read at restart, applied when the load completes.
    public var pendingLoad: PersistedFleetState?

    public init(
        registry: TokenRegistry = TokenRegistry(), box: FleetBox = .empty,
        file: PersistedFleetState? = nil, pendingLoad: PersistedFleetState? = nil
    ) {
        self.registry = registry
        self.box = box
        self.file = file
        self.pendingLoad = pendingLoad
    }

    /// `pushWatcherEnabled`: whether a watcher on `port` pushes. Without the guard every port
    /// does, so a scratch `lfg serve` fights the primary over one card.
    public static func pushWatcherEnabled(port: Int, guards: Guards = .all) -> Bool {
        !guards.canonicalPortOnly || port == canonicalPort
    }

    /// The decide half of a tick over this host's observations; `.nothing` while the boot-time
    /// load is in flight (the watcher does not tick before it completes). `baselines` and
    /// `endDebounce` (the server's end hold): see `reduceFleetLiveActivity`.
    public func decide(
        _ observations: [FleetSession], now: Double, guards: Guards = .all, endUnfilledCards: Bool = true,
        baselines: SinceMap? = nil, endDebounce: Double = fleetEndDebounce
    ) -> FleetTick {
        reduceFleetLiveActivity(
            observations, box, now: now, guards: guards, endDebounce: endDebounce, endUnfilledCards: endUnfilledCards,
            baselines: baselines)
    }

    /// The decide half as the real watcher runs it: the decision, and the server with the
    /// decision's active sids recorded as the population an /ended would report against
    /// (`FleetBox.population`). A tick skipped while the boot-time load is in flight records
    /// nothing.
    public func deciding(
        _ observations: [FleetSession], now: Double, guards: Guards = .all, endUnfilledCards: Bool = true,
        baselines: SinceMap? = nil, endDebounce: Double = fleetEndDebounce
    ) -> (server: FleetServer, tick: FleetTick) {
        let tick = decide(
            observations, now: now, guards: guards, endUnfilledCards: endUnfilledCards, baselines: baselines,
            endDebounce: endDebounce)
        var next = self
        next.box = box.recording(tick)
        return (next, tick)
    }

    /// The apply half of a tick, once its sends have come back.
    public func applying(_ tick: FleetTick, _ delivery: FleetDelivery, guards: Guards = .all) -> FleetServer {
        var next = self
        let (box, effect) = box.applying(tick, delivery, guards: guards)
        next.box = box
        next.file = Self.file(after: effect, box: box, was: file)
        return next
    }

    /// POST /start-token.
    public func postingStartToken(_ token: RegisteredToken, guards: Guards = .all) -> FleetServer {
        var next = self
        next.registry = registry.upsertingStartToken(token, guards: guards)
        return next
    }

    /// POST /update-token: supersede, then `noteFleetActivityStarted()` (adoption). Without the
    /// adoptOnTokenRegistration guard the token is stored and the veto cleared (the spec makes
    /// that the registration's effect, "The start veto"), but the card is not adopted.
    /// `sameSlot`: the tokens it supersedes (nil: its environment's; `TokenRegistry`).
    public func postingUpdateToken(
        _ token: RegisteredToken, guards: Guards = .all, sameSlot: ((RegisteredToken) -> Bool)? = nil
    ) -> FleetServer {
        var next = self
        next.registry = registry.registeringUpdateToken(token, guards: guards, sameSlot: sameSlot)
        if guards.adoptOnTokenRegistration {
            let (box, effect) = box.noteFleetActivityStarted()
            next.box = box
            next.file = Self.file(after: effect, box: box, was: file)
        } else {
            next.box = box.clearingVeto()
        }
        return next
    }

    /// POST /ended.
    public func postingEnded() -> FleetServer {
        var next = self
        let (box, effect) = box.noteFleetActivityEnded()
        next.box = box
        next.file = Self.file(after: effect, box: box, was: file)
        return next
    }

    /// A send answered 410.
    public func pruning(_ token: String) -> FleetServer {
        var next = self
        next.registry = registry.pruning(token)
        return next
    }

    /// The process restarts: memory is lost, the load of the file on disk begins.
    public func restarted() -> FleetServer {
        FleetServer(registry: registry, box: .booting(), file: file, pendingLoad: file)
    }

    /// The boot-time load completes.
    public func completingBootLoad(guards: Guards = .all) -> FleetServer {
        var next = self
        next.box = box.completingBootLoad(pendingLoad, guards: guards)
        next.pendingLoad = nil
        return next
    }

    static func file(after effect: FileEffect, box: FleetBox, was: PersistedFleetState?) -> PersistedFleetState? {
        switch effect {
        case .keep: was
        case .write: box.fileSnapshot
        case .unlink: nil
        }
    }
}
