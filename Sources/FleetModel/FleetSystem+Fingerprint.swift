import Explorer
import FleetCard

/// Bytes folded into 64-bit words and mixed: the fast, stable fingerprint of a state.
struct WordPacker {
    var hash: UInt64 = 0x243F_6A88_85A3_08D3
    var word: UInt64 = 0
    var shift: UInt64 = 0

    @inline(__always) mutating func add(_ b: UInt8) {
        word |= UInt64(b) << shift
        shift += 8
        if shift == 64 { flush() }
    }
    @inline(__always) mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }
    @inline(__always) mutating func flush() {
        hash = Fingerprint.mix(hash ^ word) &+ 0x9E37_79B9_7F4A_7C15
        word = 0
        shift = 0
    }
    mutating func finish() -> UInt64 {
        add(0xA5)
        flush()
        return Fingerprint.mix(hash)
    }
}

extension FleetSystem {
    /// Every field of the state, in a fixed order, lengths first (so no two states share bytes).
    static func pack(_ s: FleetState) -> UInt64 {
        var p = WordPacker()
        for session in s.sessions { p.add(activityCode(session.activity) | (session.duplicated ? 8 : 0)) }
        p.add(s.hostsDown)
        for server in s.servers { pack(server, &p) }
        for r in s.registries { pack(r, &p) }
        for d in s.devices { pack(d, &p) }
        pack(posts: s.posts, pushes: s.pushes, &p)
        return p.finish()
    }

    static func pack(posts: [PostCell], pushes: [PushCell], _ p: inout WordPacker) {
        p.add(UInt8(posts.count))
        for post in posts {
            p.add(post.device); p.add(post.host)
            p.add(post.endpoint == .startToken ? 0 : post.endpoint == .updateToken ? 1 : 2)
            p.add(post.token); p.add(post.env)
        }
        p.add(UInt8(pushes.count))
        for push in pushes {
            p.add(push.device); p.add(actionCode(push.action)); p.add(push.token); p.add(push.channel)
            p.add(originCode(push.origin)); p.add(push.besideRegistered)
            pack(push.content, &p)
        }
    }

    static func pack(_ server: ServerCell, _ p: inout WordPacker) {
        pack(server.memory, &p)
        p.add(server.sinceMask)
        p.add(server.vetoMask.map { $0 | 0x80 } ?? 0)
        p.add(server.loading)
        p.add(server.endedDuringLoad)
        p.add(server.resurrected)
        p.add(server.forgotSinceRegistration)
        pack(server.file, &p)
        pack(server.pendingLoad, &p)
        if let tick = server.tick {
            p.add(1 + actionCode(tick.action))
            pack(tick.content, &p)
            p.add(tick.sinceMask)
            p.add(tick.besideRegistered)
            // FleetCard's own decision: its content and sids are the cell's; these bits are not.
            let d = tick.decided
            p.add((d.vetoed ? 1 : 0) | (d.logsVeto ? 2 : 0) | (d.zeroSince == nil ? 0 : 4) | actionCode(d.action) << 3)
            p.add(UInt8(tick.targets.count))
            for t in tick.targets {
                p.add(t.token)
                p.add(t.env | (t.channel ? 2 : 0) | (t.outcome == .pending ? 0 : t.outcome == .accepted ? 4 : 8))
            }
        } else {
            p.add(0)
        }
    }

    static func pack(_ r: RegistryCell, _ p: inout WordPacker) {
        p.add(UInt8(r.pushToStart.count))
        for t in r.pushToStart { p.add(t.token); p.add(t.device); p.add(t.env) }
        p.add(UInt8(r.update.count))
        for t in r.update { p.add(t.token); p.add(t.device); p.add(t.env) }
    }

    static func pack(_ d: DeviceCell, _ p: inout WordPacker) {
        p.add(UInt8(d.cards.count))
        for c in d.cards {
            pack(c.content, &p)
            p.add(c.token)
            p.add((c.posted ? 1 : 0) | (c.pushCapable ? 2 : 0) | (c.registered ? 4 : 0) | (c.sendFailed ? 8 : 0)
                | originCode(c.origin) << 4 | (c.besideRegistered ? 64 : 0) | (c.failureCounted ? 128 : 0))
        }
        p.add(appCode(d.app) | (d.fetched ? 4 : 0) | (d.wakePending ? 8 : 0) | (d.needsSync ? 16 : 0))
        p.add(d.knownDown)
        p.add(d.pushToStartToken)
        p.add(d.startsSinceWorld)
        if let last = d.lastSynced {
            p.add(1)
            pack(last, &p)
        } else {
            p.add(0)
        }
        p.add(UInt8(truncatingIfNeeded: d.cache.count))
        for a in d.cache { p.add(activityCode(a)) }
    }

    static func pack(_ c: CardContent, _ p: inout WordPacker) {
        p.add(c.working)
        p.add(c.needsInput)
        p.add(c.more)
        p.add(UInt8(c.rows.count))
        for r in c.rows { p.add(r) }
    }

    static func pack(_ m: CardMemory, _ p: inout WordPacker) {
        switch m {
        case .none: p.add(0)
        case .adopted: p.add(1)
        case .card(let c):
            p.add(2)
            pack(c, &p)
        }
    }

    static func pack(_ f: PersistedCell?, _ p: inout WordPacker) {
        guard let f else { return p.add(0xFF) }
        pack(f.memory, &p)
        p.add(f.sinceMask)
    }

    static func activityCode(_ a: Activity) -> UInt8 {
        switch a {
        case .idle: 0
        case .working: 1
        case .needsInput: 2
        case .blocked: 3
        }
    }

    static func appCode(_ a: AppPhase) -> UInt8 {
        switch a {
        case .notRunning: 0
        case .suspended: 1
        case .foreground: 2
        case .background: 3
        }
    }
}

// Hashing a part through its fingerprint bytes (one word into the Hasher instead of one call
// per field) makes the intern tables and memo keys cheap to look up; `==` stays field by field.
extension ServerCell {
    public func hash(into h: inout Hasher) {
        var p = WordPacker()
        FleetSystem.pack(self, &p)
        h.combine(p.finish())
    }
}

extension RegistryCell {
    public func hash(into h: inout Hasher) {
        var p = WordPacker()
        FleetSystem.pack(self, &p)
        h.combine(p.finish())
    }
}

extension DeviceCell {
    public func hash(into h: inout Hasher) {
        var p = WordPacker()
        FleetSystem.pack(self, &p)
        h.combine(p.finish())
    }
}
