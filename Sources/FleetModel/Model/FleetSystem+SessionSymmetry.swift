import FleetCard

extension FleetSystem {
    /// `s` with session k moved to index `p[k]`, everywhere a session is named: the sessions,
    /// every card content's rows (server memory, its file and pending load, a tick's content,
    /// cards, the app's last sync, pushes), every since and veto mask, the phones' caches, and
    /// a tick's `decided` (FleetCard's own FleetTick, which its apply writes to the box).
    func permuted(_ s: FleetState, sessions p: [Int]) -> FleetState {
        func mask(_ m: UInt8) -> UInt8 { Self.permuted(mask: m, p) }
        func content(_ c: CardContent) -> CardContent {
            var out = c
            for k in c.rows.indices { out.rows[k] = UInt8(p[FleetTitles.index(c.rows[k])]) << 1 | c.rows[k] & (1 | FleetTitles.serverBit) }
            return out
        }
        func memory(_ m: CardMemory) -> CardMemory {
            if case .card(let c) = m { return .card(content(c)) }
            return m
        }
        func persisted(_ f: PersistedCell?) -> PersistedCell? {
            f.map { PersistedCell(memory: memory($0.memory), sinceMask: mask($0.sinceMask)) }
        }
        var t = s
        for k in s.sessions.indices { t.sessions[p[k]] = s.sessions[k] }
        for i in t.servers.indices {
            t.servers[i].memory = memory(s.servers[i].memory)
            t.servers[i].sinceMask = mask(s.servers[i].sinceMask)
            t.servers[i].vetoMask = s.servers[i].vetoMask.map(mask)
            t.servers[i].file = persisted(s.servers[i].file)
            t.servers[i].pendingLoad = persisted(s.servers[i].pendingLoad)
            if let tick = s.servers[i].tick {
                t.servers[i].tick?.content = content(tick.content)
                t.servers[i].tick?.sinceMask = mask(tick.sinceMask)
                t.servers[i].tick?.decided = DecidedTick(Self.renamed(tick.decided.tick, sessions: p))
            }
        }
        for d in t.devices.indices {
            for c in t.devices[d].cards.indices { t.devices[d].cards[c].content = content(s.devices[d].cards[c].content) }
            t.devices[d].lastSynced = s.devices[d].lastSynced.map(content)
            for k in s.devices[d].cache.indices { t.devices[d].cache[p[k]] = s.devices[d].cache[k] }
        }
        for k in t.pushes.indices { t.pushes[k].content = content(s.pushes[k].content) }
        return t
    }

    /// FleetCard's `tick` with session k's sid renamed to session `p[k]`'s: rows (sid and the
    /// title the model gives, the sid), since stamps and active sids.
    static func renamed(_ tick: FleetTick, sessions p: [Int]) -> FleetTick {
        func name(_ sid: String) -> String {
            let k = Int(FleetLogic.index(ofSid: sid))
            return k < p.count ? FleetLogic.sid(p[k]) : sid
        }
        var t = tick
        t.content.rows = tick.content.rows.map { r in
            FleetRow(sid: name(r.sid), title: r.title == r.sid ? name(r.sid) : r.title, state: r.state, since: r.since)
        }
        t.since = SinceMap(tick.since.stamps.map { SinceStamp(sid: name($0.sid), state: $0.state, since: $0.since) })
        t.activeSids = tick.activeSids.map(name).sorted()
        return t
    }
}
