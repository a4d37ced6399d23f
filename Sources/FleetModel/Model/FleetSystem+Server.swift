import FleetCard

extension FleetSystem {
    /// What server `i` observes (fleet-model.md: its own host's sessions by default), with a
    /// duplicated session observed twice, the second row working (spec: "a sid already seen").
    func observations(_ s: FleetState, server i: Int) -> [FleetSession] {
        var out: [FleetSession] = []
        let h = host(ofServer: i)
        for (k, spec) in config.sessions.enumerated()
        where config.variants.serverView == .allHosts || spec.host == h {
            out.append(FleetLogic.session(k, s.sessions[k], spec: spec))
            if s.sessions[k].duplicated {
                out.append(FleetLogic.session(k, SessionCell(activity: .working, duplicated: true), spec: spec))
            }
        }
        return out
    }

    /// The decide half of a tick (FleetCard's reducer), then the targets of its action. With
    /// nothing to send the tick applies at once; otherwise each send is its own step.
    func tick(_ s: inout FleetState, _ i: Int) -> Bool {
        guard serverWatches(i), s.servers[i].tick == nil, !s.servers[i].loading else { return false }
        startTick(&s, i, decision(s, server: i))
        return true
    }

    /// A decided tick put in flight: its targets, or applied at once when it has none. The real
    /// server records the veto population at decide (FleetBox.population).
    func startTick(_ s: inout FleetState, _ i: Int, _ decision: Decision) {
        if s.servers[i].sinceMask != decision.populationMask { s.servers[i].sinceMask = decision.populationMask }
        let cell = TickCell(
            action: decision.action, content: decision.content, sinceMask: decision.sinceMask,
            targets: targets(of: decision.action, s, server: i), besideRegistered: registeredPhones(s, server: i),
            decided: decision.decided)
        if cell.targets.isEmpty {
            applyTick(&s, i, cell, FleetDelivery(attempted: 0, accepted: 0))
        } else {
            s.servers[i].tick = cell
        }
    }

    /// The phones whose card token server `i` holds and has not forgotten since it arrived.
    func registeredPhones(_ s: FleetState, server i: Int) -> UInt8 {
        guard !s.servers[i].forgotSinceRegistration else { return 0 }
        // The registry's tokens read in place, per card: no array of them per tick.
        let tokens = s.inPlace.registries[host(ofServer: i)].update
        func registered(_ token: UInt8) -> Bool {
            for k in 0..<tokens.count where tokens[k].token == token { return true }
            return false
        }
        var mask: UInt8 = 0
        for d in s.devices.indices where s.devices[d].cards.contains(where: { registered($0.token) }) {
            mask |= 1 << d
        }
        return mask
    }

    func targets(of action: FleetCard.FleetAction, _ s: FleetState, server i: Int) -> FleetState.Targets {
        if config.variants.broadcastChannel && (action == .update || action == .end) {
            return FixedList(channelEnvs.lazy.map { TargetCell(token: 0, env: $0, channel: true, outcome: .pending) })
        }
        let h = host(ofServer: i)
        return targetLists.value(Self.targetKey(action, s, host: h)) {
            FixedList(FleetLogic.registry(s.registries[h]).targets(for: action).lazy.map { t in
                let e = FleetLogic.entry(t)
                return TargetCell(token: e.token, env: e.env, channel: false, outcome: .pending)
            })
        }
    }

    /// One broadcast channel per APNs environment the phones use (variant).
    var channelEnvs: [UInt8] {
        Array(Set(config.devices.indices.map { env(ofDevice: $0) })).sorted()
    }

    /// One send: a live token accepts and APNs carries the push to the phone; a dead token
    /// (a rotted push-to-start, a corpse update token) answers 200 and drops it (spec: "A dead
    /// Live Activity token does not answer 410").
    func send(_ s: inout FleetState, _ i: Int) -> Bool {
        guard var tick = s.servers[i].tick, let t = tick.targets.firstIndex(where: { $0.outcome == .pending })
        else { return false }
        let target = tick.targets[t]
        tick.targets[t].outcome = .accepted
        let origin: CardOrigin = i == 0 ? .server : .otherServer
        if target.channel {
            for d in s.devices.indices where env(ofDevice: d) == target.env {
                enqueue(&s, PushCell(
                    device: UInt8(d), action: tick.action, content: tick.content, token: 0, channel: true,
                    origin: origin, besideRegistered: false))
            }
        } else {
            switch owner(of: target.token, in: s) {
            case .install(let d)? where tick.action == .start:
                let known = tick.besideRegistered & (1 << d) != 0
                // With older tokens honoured a start carries its token, so the starts to a
                // phone's older and newer tokens are two pushes (two cards), not one.
                let token = config.variants.olderPushToStartHonoured ? target.token : 0
                enqueue(&s, PushCell(
                    device: UInt8(d), action: .start, content: tick.content, token: token, channel: false,
                    origin: origin, besideRegistered: known))
            case .card(let d, let c)? where tick.action != .start:
                s.devices[d].cards[c].sendFailed = false
                s.devices[d].cards[c].failureCounted = false
                enqueue(&s, PushCell(
                    device: UInt8(d), action: tick.action, content: tick.content, token: target.token,
                    channel: false, origin: origin, besideRegistered: false))
            default:
                break
            }
        }
        s.servers[i].tick = tick
        return true
    }

    /// APNs in flight: an identical push already on its way is the same push.
    func enqueue(_ s: inout FleetState, _ push: PushCell) {
        if !s.pushes.contains(push) { s.pushes.append(push) }
    }

    func apply(_ s: inout FleetState, _ i: Int) -> Bool {
        guard let tick = s.servers[i].tick, !tick.targets.contains(where: { $0.outcome == .pending })
        else { return false }
        s.servers[i].tick = nil
        let accepted = tick.targets.count { $0.outcome == .accepted }
        let delivery = FleetDelivery(attempted: tick.targets.count, accepted: accepted)
        if delivery.verdict(for: tick.action, guards: guards) == .met {
            // A failed send counted as delivered: the server's memory moves past it (cause naming).
            for t in tick.targets where t.outcome == .failed {
                if case .card(let d, let c)? = owner(of: t.token, in: s) { s.devices[d].cards[c].failureCounted = true }
            }
        }
        applyTick(&s, i, tick, delivery)
        if s.servers[i].memory == .none && !s.servers[i].forgotSinceRegistration {
            s.servers[i].forgotSinceRegistration = true
        }
        return true
    }

    /// The apply half (FleetCard's `FleetServer.applying`) on the box as it is now.
    func applyTick(_ s: inout FleetState, _ i: Int, _ tick: TickCell, _ delivery: FleetDelivery) {
        serverStep(&s, i, .apply(tick.decided, delivery))
    }

    func bootLoad(_ s: inout FleetState, _ i: Int) -> Bool {
        guard s.servers[i].loading else { return false }
        let endedDuringLoad = s.servers[i].endedDuringLoad
        serverStep(&s, i, .bootLoad)
        s.servers[i].resurrected = endedDuringLoad && s.servers[i].memory != .none
        return true
    }

    /// A POST reaches the canonical port of its host (only while the host is up).
    func arrivePost(_ s: inout FleetState, _ p: Int) -> Bool {
        guard p < s.posts.count else { return false }
        let post = s.posts[p]
        let h = Int(post.host)
        guard s.hostsDown & (1 << h) == 0 else { return false }
        s.posts.remove(at: p)
        let entry = TokenEntry(token: post.token, device: post.device, env: post.env)
        switch post.endpoint {
        case .startToken:
            serverStep(&s, h, .postStart(entry))
        case .updateToken:
            serverStep(&s, h, .postUpdate(entry))
            // Written only when it changes: a write copies the array it lands in.
            if s.servers[h].forgotSinceRegistration { s.servers[h].forgotSinceRegistration = false }
            if case .card(let d, let c)? = owner(of: post.token, in: s), !s.devices[d].cards[c].registered {
                s.devices[d].cards[c].registered = true
            }
        case .ended:
            serverStep(&s, h, .postEnded)
            if !s.servers[h].forgotSinceRegistration { s.servers[h].forgotSinceRegistration = true }
        }
        return true
    }
}
