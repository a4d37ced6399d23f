import FleetCard

extension FleetSystem {
    /// The server's end hold and the app's, in seconds (`FleetConfig.hold`; 0 by default).
    var serverHold: Int { config.holds.server }
    var appHold: Int { config.holds.app }

    /// Time abstracted (Models/README.md, "End hold"): a hold is running where the writer's
    /// memory holds the zero timer (the server: its card memory is the zeroed content, which a
    /// delivered zeroed update or a held tick applied; the app: its last sync zeroed the card).
    /// When it runs out is a step of its own, taken at any point after: the tick or sync that
    /// ends the card.
    func holdEnds(_ s: inout FleetState, _ i: Int) -> Bool {
        guard let decision = holdEndDecision(s, i) else { return false }
        startTick(&s, i, decision)
        return true
    }

    /// The end server `i` decides once its hold has run out, or nil when no hold is running.
    func holdEndDecision(_ s: FleetState, _ i: Int) -> Decision? {
        guard serverHold > 0, serverWatches(i), s.servers[i].tick == nil, !s.servers[i].loading,
            case .card(let c) = s.servers[i].memory, c.activeTotal == 0
        else { return nil }
        var server = FleetLogic.server(
            s.servers[i], registry: RegistryCell(pushToStart: [], update: []), sessions: s.sessions, titles: titles)
        server.box.current?.zeroSince = FleetLogic.now - Double(serverHold)
        let tick = server.decide(
            observations(s, server: i), now: FleetLogic.now, guards: guards,
            endUnfilledCards: !config.variants.keepUnfilledCards, baselines: FleetLogic.stamps(s.sessions),
            endDebounce: Double(serverHold))
        guard tick.action == .end else { return nil }
        return Decision(
            decided: DecidedTick(tick), action: tick.action, content: FleetLogic.cell(tick.content, titles: titles),
            sinceMask: FleetLogic.mask(tick.activeSids), populationMask: FleetLogic.mask(tick.activeSids))
    }

    /// The app's hold runs out: it syncs with the zero held long enough, and ends its card.
    func appHoldEnds(_ s: inout FleetState, _ d: Int, refused: inout FleetBound?) -> Bool {
        let device = s.devices[d]
        guard appHold > 0, device.app.isAlive, device.lastSynced == .zero, !device.cards.isEmpty else { return false }
        let seen = device.fetched ? s.sessions : FixedList(device.cache.lazy.map { SessionCell(activity: $0, duplicated: false) })
        let inputs = SyncInputs(
            launch: false, foreground: device.app == .foreground, fetched: device.fetched, knownDown: device.knownDown, seen: seen,
            card: device.cards.last?.content, last: device.lastSynced)
        let outcome = syncOutcome(inputs, device, gate: FleetEndGate(zeroSince: FleetLogic.now - Double(appHold)))
        guard case .end = outcome.request else { return false }
        return applySync(&s, d, outcome)
    }
}
