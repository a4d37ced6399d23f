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

    /// The inputs of one `ServerOp`: the watcher's cell without the tick in flight (FleetCard
    /// neither reads nor writes it), its host's registry and the sessions (its since stamps).
    struct ServerStepKey: Hashable, Sendable {
        let cell: ServerCell
        let registry: RegistryCell
        let sessions: SessionsCode
        let op: ServerOp
    }

    /// A reference: handing a memo entry out retains it once, not its cell and registry lists.
    final class ServerStepResult: Sendable {
        let cell: ServerCell
        let registry: RegistryCell
        /// Whether `cell` and `registry` differ from the key's (decided once per key, not per step).
        let cellChanged: Bool
        let registryChanged: Bool
        /// A registry list would pass `tokenCapacity`: nothing is written, the step is refused.
        let tokensOverflowed: Bool

        init(cell: ServerCell, registry: RegistryCell, cellChanged: Bool, registryChanged: Bool, tokensOverflowed: Bool) {
            self.cell = cell
            self.registry = registry
            self.cellChanged = cellChanged
            self.registryChanged = registryChanged
            self.tokensOverflowed = tokensOverflowed
        }
    }

    /// Decode → call FleetCard → encode, memoized per input: server `i`'s cell and its host's
    /// registry after `op`. The tick in flight and `forgotSinceRegistration` are left as they
    /// were (FleetCard does not see them; the caller sets them). A registry list that would pass
    /// `tokenCapacity` writes nothing and marks the step refused (`FleetState.Overflow.tokens`).
    func serverStep(_ s: inout FleetState, _ i: Int, _ op: ServerOp) {
        let h = host(ofServer: i)
        var cell = s.servers[i]
        let pending = cell.tick
        cell.tick = nil
        let sessions = s.sessions, registry = s.registries[h]
        // The key is handed to the memo whole (not kept here for the computation): no copy of it.
        let result = serverSteps.value(
            ServerStepKey(cell: cell, registry: registry, sessions: SessionsCode(sessions), op: op)
        ) {
            var after = cell, registryAfter = registry
            let server = FleetLogic.server(cell, registry: registry, sessions: sessions)
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
            let fits = FleetLogic.store(next, into: &after, registry: &registryAfter)
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
            var after = result.cell
            after.tick = pending
            s.servers[i] = after
        }
        if result.registryChanged { s.registries[h] = result.registry }
    }
}

/// The sessions as one word (5 bits each: activity, duplicated and the since order, then the
/// count), a cheap memo key; equal words are equal session lists (up to 12 sessions whose
/// since order is below 4; the configuration allows 4 sessions).
struct SessionsCode: Hashable, Sendable {
    let word: UInt64

    init(_ sessions: FleetState.Sessions) {
        precondition(sessions.count <= Self.maxSessions, "SessionsCode holds at most 12 sessions")
        var w = UInt64(sessions.count)
        for (k, c) in sessions.enumerated() {
            let code = FleetSystem.activityCode(c.activity) | (c.duplicated ? 4 : 0) | (c.since & 3) << 3
            w |= UInt64(code) << (4 + 5 * k)
        }
        word = w
    }

    static let maxSessions = 12
}
