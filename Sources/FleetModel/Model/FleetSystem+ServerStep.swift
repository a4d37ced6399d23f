import FleetCard

extension FleetSystem {
    /// An endpoint or lifecycle call on one push watcher (FleetCard's `FleetServer`).
    enum ServerOp: Hashable, Sendable {
        case postStart(TokenEntry)
        case postUpdate(TokenEntry)
        case postEnded
        case apply(DecidedTick, FleetDelivery)
        case bootLoad
        case restart
    }

    /// A memo entry, held and handed out as plain bytes (no reference counted).
    struct ServerStepResult: Sendable {
        let cell: ServerCell
        let registry: RegistryCell
        /// Whether `cell` and `registry` differ from the key's (decided once per key, not per step).
        let cellChanged: Bool
        let registryChanged: Bool
        /// A registry list would pass `tokenCapacity`: nothing is written, the step is refused.
        let tokensOverflowed: Bool
    }

    /// Decode → call FleetCard → encode, memoized per input: server `i`'s cell and its host's
    /// registry after `op`. The tick in flight and `forgotSinceRegistration` are left as they
    /// were (FleetCard does not see them; the caller sets them). A registry list that would pass
    /// `tokenCapacity` writes nothing and marks the step refused (`FleetState.Overflow.tokens`).
    func serverStep(_ s: inout FleetState, _ i: Int, _ op: ServerOp) {
        let h = host(ofServer: i)
        let result = serverSteps.value(Self.serverStepKey(s, server: i, host: h, op)) {
            var cell = s.servers[i]
            cell.tick = nil
            let registry = s.registries[h], sessions = s.sessions
            var after = cell, registryAfter = registry
            let server = FleetLogic.server(cell, registry: registry, sessions: sessions, titles: titles)
            let next: FleetServer
            switch op {
            case .postStart(let entry): next = server.postingStartToken(FleetLogic.token(entry), guards: guards)
            case .postUpdate(let entry):
                next = FleetLogic.registeringUpdateToken(
                    server, entry, deviceId: config.variants.deviceIdOnWire, guards: guards)
            case .postEnded: next = server.postingEnded()
            case .apply(let decided, let delivery): next = server.applying(decided.tick, delivery, guards: guards)
            case .bootLoad: next = server.completingBootLoad(guards: guards)
            case .restart: next = server.restarted()
            }
            let fits = FleetLogic.store(next, into: &after, registry: &registryAfter, titles: titles)
            return ServerStepResult(
                cell: after, registry: registryAfter, cellChanged: after != cell, registryChanged: registryAfter != registry,
                tokensOverflowed: !fits)
        }
        if result.tokensOverflowed {
            s.overflowed(FleetState.Overflow.tokens, FleetState.Part.registries)
            return
        }
        // Writing only what changed keeps the state's arrays shared with its parent's (no copy
        // now; an identity test, not an intern lookup, when the successor is packed).
        // Both without the tick in flight: no comparison of FleetTick's strings.
        if result.cellChanged {
            let pending = s.servers[i].tick
            var after = result.cell
            after.tick = pending
            s.servers[i] = after
        }
        if result.registryChanged { s.registries[h] = result.registry }
    }
}
