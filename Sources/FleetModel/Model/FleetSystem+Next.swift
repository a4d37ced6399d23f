import FleetCard

extension FleetSystem {
    public func next(_ state: FleetState, _ action: Action) -> FleetState? {
        var refused: FleetBound?
        var spare: FleetState?
        return step(state, action, refused: &refused, spare: &spare)
    }

    /// The bound (`withinBounds`, `maxCardsPerDevice`: its configuration key) or the model's
    /// token-list capacity that refused the step, not the documented logic: the real system would
    /// take it, so the state is not quiescent (Models/README.md, "Bounds"); named in the report's
    /// bound cut.
    public func refusingBound(_ state: FleetState, _ action: Action) -> String? {
        var refused: FleetBound?
        var spare: FleetState?
        return step(state, action, refused: &refused, spare: &spare) == nil ? refused?.name : nil
    }

    /// `next`; when it returns nil only because a bound refused the step, `refused` names it.
    /// The successor is built in `spare`'s storage when it can be (`FleetState.successor`); a
    /// refused one is handed back there.
    @inline(__always)
    func step(_ state: FleetState, _ action: Action, refused: inout FleetBound?, spare: inout FleetState?) -> FleetState? {
        // A third of the candidates are these two, refused: refusing them before the state is
        // copied saves the copy's retain and release of its arrays.
        switch action {
        case .activityUpdates(let d): guard activityUpdatesActs(state.device(d)) else { return nil }
        case .backgroundEnds(let d):
            let device = state.device(d)
            guard device.app == .background, !handlersPending(device) else { return nil }
        default: break
        }
        var s = state.successor(reusing: &spare)
        guard take(&s, action, from: state, refused: &refused) else {
            recycle(s, into: &spare)
            return nil
        }
        return s
    }

    /// Takes `action` in `s` (a copy of `state`, the state it is taken in); false when it turns
    /// out disabled or a bound refuses it (named in `refused`).
    @inline(__always)
    func take(_ s: inout FleetState, _ action: Action, from state: FleetState, refused: inout FleetBound?) -> Bool {
        guard move(&s, action, refused: &refused) else { return false }
        // Four in ten steps move no token: canonical as their parent is, not scanned again.
        if keepsTokens(action, s, from: state) && Self.canonicalAsIs(state) {
            s.keepTokenMarks(of: state)
        } else {
            canonicalize(&s, after: state, inFlightShrunk: shrinksInFlight(action))
        }
        return true
    }

    /// `take` up to the canonical form: the step itself, its bounds and the world's reset.
    @inline(__always)
    func move(_ s: inout FleetState, _ action: Action, refused: inout FleetBound?) -> Bool {
        let done: Bool
        switch action {
        case .setSession(let i, let a):
            guard i < s.sessions.count, s.sessions[i].activity != a else { return false }
            s.setActivity(i, a)
            observeSessions(&s)
            done = true
        case .toggleDuplicateRow(let i):
            guard i < s.sessions.count else { return false }
            s.sessions[i].duplicated.toggle()
            done = true
        case .hostDown(let h):
            guard s.hostsDown & (1 << h) == 0 else { return false }
            s.hostsDown |= 1 << h
            done = true
        case .hostUp(let h):
            guard s.hostsDown & (1 << h) != 0 else { return false }
            s.hostsDown &= ~(1 << h)
            done = true
        case .openApp(let d): done = openApp(&s, d)
        case .leaveApp(let d):
            guard s.devices[d].app == .foreground, !handlersPending(s, d) else { return false }
            s.devices[d].app = .suspended
            done = true
        case .terminateApp(let d):
            guard s.devices[d].app == .suspended else { return false }
            s.devices[d].app = .notRunning
            done = true
        case .backgroundEnds(let d):
            guard s.devices[d].app == .background, !handlersPending(s, d) else { return false }
            s.devices[d].app = .suspended
            done = true
        case .declineWake(let d):
            guard s.devices[d].wakePending else { return false }
            s.devices[d].wakePending = false
            done = true
        case .rotateToken(let d): done = rotateToken(&s, d)
        case .restartServer(let i): done = restartServer(&s, i)
        case .losePost(let i):
            guard i < s.posts.count else { return false }
            s.posts.remove(at: i)
            done = true
        case .dropPush(let i):
            guard i < s.pushes.count else { return false }
            s.pushes.remove(at: i)
            done = true
        case .failSend(let i): done = failSend(&s, i)
        case .devBuildLaunch: done = devBuildLaunch(&s)
        case .tick(let i): done = tick(&s, i)
        case .send(let i): done = send(&s, i)
        case .apply(let i): done = apply(&s, i)
        case .bootLoad(let i): done = bootLoad(&s, i)
        case .arrivePost(let i): done = arrivePost(&s, i)
        case .deliverPush(let i): done = deliverPush(&s, i, refused: &refused)
        case .backgroundLaunch(let d): done = backgroundLaunch(&s, d)
        case .refresh(let d): done = refresh(&s, d)
        case .sync(let d): done = sync(&s, d, refused: &refused)
        case .activityUpdates(let d): done = activityUpdates(&s, d)
        case .holdEnds(let i): done = holdEnds(&s, i)
        case .appHoldEnds(let d): done = appHoldEnds(&s, d, refused: &refused)
        }
        guard done else { return false }
        guard withinBounds(s) else {
            refused = refusingInFlightBound(s)
            return false
        }
        if action.isWorld {
            for d in 0..<s.devices.count where s.device(d).startsSinceWorld != 0 { s.devices[d].startsSinceWorld = 0 }
        }
        return true
    }

    /// Whether `action` only takes an entry out of the POSTs and pushes in flight (if any): it
    /// never puts one in (an arrival's server step and a delivery's card send nothing).
    @inline(__always)
    func shrinksInFlight(_ action: Action) -> Bool {
        switch action {
        case .arrivePost, .losePost, .dropPush, .deliverPush: true
        default: false
        }
    }

    /// Whether `action`, taken from `state` to `s`, provably left every token where it was and
    /// the POSTs and pushes in flight unwritten: then `s` is canonical exactly when `state` is.
    @inline(__always)
    func keepsTokens(_ action: Action, _ s: FleetState, from state: FleetState) -> Bool {
        switch action {
        case .setSession, .toggleDuplicateRow, .hostDown, .hostUp, .leaveApp, .terminateApp, .backgroundEnds,
            .declineWake, .refresh, .failSend:
            return true
        // A warm start launches no process: no fresh token, no POST.
        case .openApp(let d), .backgroundLaunch(let d): return state.device(d).app != .notRunning
        // Neither a card created (one more) nor an end (cards gone, POSTs sent): an update or nothing.
        case .sync(let d):
            return s.device(d).cards.count == state.device(d).cards.count
                && s.inPlace.posts.count == state.inPlace.posts.count
        // No tick left in flight (nothing to send: applied at once) and no registry written.
        case .tick(let i):
            return s.server(i).tick == nil && s.changed(since: state) & FleetState.Part.registries == 0
        // No push enqueued: only the target's outcome and a card's flags moved.
        case .send: return s.inPlace.pushes.count == state.inPlace.pushes.count
        default: return false
        }
    }

    /// Observation: a live app re-syncs on any session change (spec: "Any observed state change").
    func observeSessions(_ s: inout FleetState) {
        for d in s.devices.indices where s.devices[d].app.isAlive {
            s.devices[d].needsSync = true
            cacheLiveView(&s, d)
        }
    }

    /// A token number not used anywhere in `s` (the state is renumbered after the step).
    func freshToken(_ s: FleetState) -> UInt8 { UInt8(clamping: Self.maxToken(s) + 1) }

    // MARK: world

    func openApp(_ s: inout FleetState, _ d: Int) -> Bool {
        let cold = s.devices[d].app == .notRunning
        switch s.devices[d].app {
        case .foreground: return false
        case .notRunning: launch(&s, d)
        case .suspended, .background: break
        }
        s.devices[d].app = .foreground
        // spec: the foregrounding trigger (scenePhase == .active).
        s.devices[d].needsSync = true
        if cold { launchSync(&s, d) }
        return true
    }

    /// configure() syncs at once, on the still empty store; the GRDB hydration that follows
    /// seeds the store from the cache and is observed (`needsSync` stays set).
    func launchSync(_ s: inout FleetState, _ d: Int) {
        syncNow(&s, d, launch: true)
        s.devices[d].needsSync = true
    }

    /// A process launch: cold store, a fresh push-to-start token POSTed, configure() syncs at
    /// once, and track() re-registers the token of every card (spec: "The app", "pushToStart").
    func launch(_ s: inout FleetState, _ d: Int) {
        let token = config.world.pushToStartRotation ? freshToken(s) : s.devices[d].pushToStartToken
        s.devices[d].pushToStartToken = token
        s.devices[d].fetched = false
        s.devices[d].knownDown = 0
        s.devices[d].lastSynced = nil
        s.devices[d].needsSync = true
        for c in s.devices[d].cards.indices { s.devices[d].cards[c].posted = false }
        for h in registrationHosts {
            s.post(PostCell(device: UInt8(d), host: UInt8(h), endpoint: .startToken, token: token, env: env(ofDevice: d)))
        }
    }

    func rotateToken(_ s: inout FleetState, _ d: Int) -> Bool {
        guard let c = s.devices[d].cards.lastIndex(where: { $0.token != 0 }) else { return false }
        s.devices[d].cards[c].token = freshToken(s)
        s.devices[d].cards[c].posted = false
        return true
    }

    func devBuildLaunch(_ s: inout FleetState) -> Bool {
        s.post(PostCell(device: 0xFF, host: 0, endpoint: .startToken, token: freshToken(s), env: 1))
        return true
    }

    func restartServer(_ s: inout FleetState, _ i: Int) -> Bool {
        serverStep(&s, i, .restart)
        s.servers[i].tick = nil
        s.servers[i].forgotSinceRegistration = true
        return true
    }

    func failSend(_ s: inout FleetState, _ i: Int) -> Bool {
        guard var tick = s.servers[i].tick, let t = tick.targets.firstIndex(where: { $0.outcome == .pending }),
            !tick.targets[t].channel, let owner = owner(of: tick.targets[t].token, in: s)
        else { return false }
        tick.targets[t].outcome = .failed
        s.servers[i].tick = tick
        if case .card(let d, let c) = owner {
            s.devices[d].cards[c].sendFailed = true
            s.devices[d].cards[c].failureCounted = false
        }
        return true
    }

    /// Who holds a live token: a phone's install (push-to-start) or one of its cards (update).
    enum TokenOwner: Equatable { case install(Int), card(Int, Int) }

    func owner(of token: UInt8, in s: FleetState) -> TokenOwner? {
        for d in s.devices.indices {
            if s.devices[d].pushToStartToken == token { return .install(d) }
            if let c = s.devices[d].cards.firstIndex(where: { $0.token == token }) { return .card(d, c) }
        }
        if config.variants.olderPushToStartHonoured, let d = olderInstall(of: token, in: s) { return .install(d) }
        return nil
    }

    /// The phone that registered `token` as a push-to-start token it has since replaced, found
    /// in a host's registry (variant `olderPushToStartHonoured`: iOS still starts a card from
    /// it). A token no registry keeps any more is dead here: the registry is what names its phone.
    func olderInstall(of token: UInt8, in s: FleetState) -> Int? {
        guard token != 0 else { return nil }
        for r in s.registries.indices {
            for entry in s.registries[r].pushToStart where entry.token == token && Int(entry.device) < s.devices.count {
                return Int(entry.device)
            }
        }
        return nil
    }
}
