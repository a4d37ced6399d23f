import FleetCard

extension FleetSystem {
    /// The servers whose lines land in the log the model projects: every watcher on host 0 (the
    /// canonical one and a scratch `lfg serve`, which share `~/.lfg`). Other hosts write their
    /// own files (Docs/diagnose.md).
    func logsToHostZeroFile(_ i: Int) -> Bool { host(ofServer: i) == 0 }

    /// The lines host 0's `liveactivity.log` gets from `action`, taken in `before` to give
    /// `after` (spec: "Log events"); empty for a step the server does not log (every phone,
    /// app, iOS and APNs step, a registration that adopts nothing, a restart).
    ///
    /// `vetoLogged` is the real server's `vetoLogged` for the watchers that write host 0's file,
    /// which the model state does not carry (it changes no behaviour, only this line): the
    /// population `start-vetoed` was last written for, as a mask of sessions (the low nibble the
    /// canonical watcher's, the high one the scratch server's; 0: none). The line is written
    /// when a vetoed tick's refused population differs, re-armed by a tick that was not vetoed
    /// and by a restart, not by an /ended or a registration (issue 50; Models/README.md).
    public func logEvents(
        _ before: FleetState, _ action: Action, _ after: FleetState, vetoLogged: inout UInt8
    ) -> [FleetModelLogEvent] {
        switch action {
        case .tick(let i), .holdEnds(let i):
            let decided: Decision
            if case .holdEnds = action {
                guard let d = holdEndDecision(before, i) else { return [] }
                decided = d
            } else {
                decided = decision(before, server: i)
            }
            guard logsToHostZeroFile(i) else { return [] }
            let shift: UInt8 = i == 0 ? 0 : 4
            let key = decided.decided.tick.vetoed ? FleetLogic.mask(decided.decided.tick.activeSids) & 0xF : 0
            let wasLogged = key != 0 && (vetoLogged >> shift) & 0xF == key
            vetoLogged = vetoLogged & ~(0xF << shift) | key << shift
            return tickEvents(before, i, decided, after, vetoAlreadyLogged: wasLogged)
        case .restartServer(let h):
            if h == 0 { vetoLogged &= 0xF0 }  // server 0 (the scratch server is not restarted)
            return []
        case .send(let i), .failSend(let i):
            guard logsToHostZeroFile(i), let tick = before.servers[i].tick,
                let target = tick.targets.first(where: { $0.outcome == .pending })
            else { return [] }
            let status = if case .send = action { 200 } else { 0 }
            return [.send(
                tick.action, token: target.channel ? 0 : target.token, env: FleetLogic.env(target.env), status: status)]
        case .apply(let i):
            guard logsToHostZeroFile(i), let tick = before.servers[i].tick else { return [] }
            return deliveryEvents(tick)
        case .arrivePost(let p):
            guard p < before.posts.count else { return [] }
            let post = before.posts[p]
            guard post.host == 0 else { return [] }
            switch post.endpoint {
            case .startToken: return []
            case .updateToken:
                // noteFleetActivityStarted adopts only when no card is tracked.
                return before.servers[0].memory == .none && after.servers[0].memory != .none ? [.adopted] : []
            case .ended: return [.clientEnded(hadActive: before.servers[0].memory != .none)]
            }
        default:
            return []
        }
    }

    /// A decide line when the reducer chose an action (with `no-tokens` when it had nobody to
    /// send to: such a tick applies at once), or `start-vetoed` when the veto refused a start
    /// and the line is not written already for this veto.
    func tickEvents(
        _ before: FleetState, _ i: Int, _ decided: Decision, _ after: FleetState, vetoAlreadyLogged: Bool
    ) -> [FleetModelLogEvent] {
        let tick = decided.decided.tick
        guard decided.action != .nothing else {
            guard tick.vetoed && !vetoAlreadyLogged else { return [] }
            let mask = before.servers[i].vetoMask ?? 0
            let population = (0..<8).filter { mask & (1 << $0) != 0 }
            return [.startVetoed(population: population)]
        }
        let tokens = after.servers[i].tick?.targets.count ?? 0
        let c = decided.content
        let rows = c.rows.map { FleetModelLogEvent.Row(session: FleetTitles.index($0), needsInput: $0 & 1 == 1) }
        var out: [FleetModelLogEvent] = [.decide(
            decided.action, tokens: tokens, working: Int(c.working), needsInput: Int(c.needsInput), rows: rows,
            more: Int(c.more))]
        if tokens == 0 { out.append(.noTokens(decided.action)) }
        return out
    }

    /// `none-accepted` or `partial` when the tick's sends missed the delivery threshold.
    func deliveryEvents(_ tick: TickCell) -> [FleetModelLogEvent] {
        let accepted = tick.targets.count { $0.outcome == .accepted }
        let delivery = FleetDelivery(attempted: tick.targets.count, accepted: accepted)
        switch delivery.verdict(for: tick.action, guards: guards) {
        case .met: return []
        case .noTokens: return [.noTokens(tick.action)]
        case .noneAccepted: return [.noneAccepted(tick.action, attempted: delivery.attempted, accepted: accepted)]
        case .partial: return [.partial(tick.action, attempted: delivery.attempted, accepted: accepted)]
        }
    }
}
