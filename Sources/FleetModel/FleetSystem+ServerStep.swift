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

    /// The inputs of one `ServerOp` as memo words (`serverStepKey`): the watcher's cell without
    /// the tick in flight (FleetCard neither reads nor writes it), its host's registry, the
    /// sessions (their since stamps) and the op.
    typealias ServerStepKey = MemoKey<15>

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
            let pending = s.servers[i].tick
            var after = result.cell
            after.tick = pending
            s.servers[i] = after
        }
        if result.registryChanged { s.registries[h] = result.registry }
    }

    /// The memo words of server `i`'s step `op` on `s`, read in place: its cell without the tick
    /// (6 words), its host's registry (7 words, its bytes as they are: all plain bytes), the
    /// sessions (`SessionsCode`) and the op.
    static func serverStepKey(_ s: FleetState, server i: Int, host h: Int, _ op: ServerOp) -> ServerStepKey {
        var key = ServerStepKey()
        let c = UnsafePointer(s.cells)
        let cell = FleetState.Servers.element(UnsafePointer(c.pointer(to: \.servers)!), i)
        let memory = memoryWords(cell.pointee.memory)
        let veto = cell.pointee.vetoMask.map { 0x100 | UInt64($0) } ?? 0
        let flags = (cell.pointee.loading ? 1 : 0) | (cell.pointee.endedDuringLoad ? 2 : 0)
            | (cell.pointee.resurrected ? 4 : 0) | (cell.pointee.forgotSinceRegistration ? 8 : 0) as UInt64
        key.words[0] = memory.head | UInt64(cell.pointee.sinceMask) << 40 | veto << 48 | flags << 57
        key.words[1] = memory.rows
        (key.words[2], key.words[3]) = persistedWords(cell.pointee.file)
        (key.words[4], key.words[5]) = persistedWords(cell.pointee.pendingLoad)
        let registry = UnsafeRawPointer(FleetState.Registries.element(UnsafePointer(c.pointer(to: \.registries)!), h))
        withUnsafeMutableBytes(of: &key.words) { words in
            (words.baseAddress! + 6 * 8).copyMemory(from: registry, byteCount: registryBytes)
        }
        key.words[13] = SessionsCode(c.pointee.sessions).word
        key.words[14] = opWord(op)
        return key
    }

    /// A registry cell's bytes (two token lists of 3-byte entries, no padding) fill words 6...12.
    static var registryBytes: Int {
        let n = MemoryLayout<RegistryCell>.size
        precondition(n <= 7 * 8, "a registry cell outgrew its memo words")
        return n
    }

    /// A card memory as memo words: its case and content's counts, then its rows.
    @inline(__always) static func memoryWords(_ m: CardMemory) -> (head: UInt64, rows: UInt64) {
        switch m {
        case .none: (0, 0)
        case .adopted: (1, 0)
        case .card(let c): (2 | contentHead(c) << 8, unsafeBitCast(c.rows.storage, to: UInt64.self))
        }
    }

    /// working, needsInput, more and the row count: 32 bits.
    @inline(__always) static func contentHead(_ c: CardContent) -> UInt64 {
        UInt64(c.working) | UInt64(c.needsInput) << 8 | UInt64(c.more) << 16 | UInt64(c.rows.count) << 24
    }

    @inline(__always) static func persistedWords(_ f: PersistedCell?) -> (UInt64, UInt64) {
        guard let f else { return (0, 0) }
        let memory = memoryWords(f.memory)
        return (1 | memory.head << 8 | UInt64(f.sinceMask) << 48, memory.rows)
    }

    static func opWord(_ op: ServerOp) -> UInt64 {
        func entry(_ e: TokenEntry) -> UInt64 { UInt64(e.token) << 8 | UInt64(e.device) << 16 | UInt64(e.env) << 24 }
        switch op {
        case .postStart(let e): return 0 | entry(e)
        case .postUpdate(let e): return 1 | entry(e)
        case .postEnded: return 2
        case .apply(let decided, let delivery):
            return 3 | UInt64(decided.id) << 8 | UInt64(UInt8(delivery.attempted)) << 40 | UInt64(UInt8(delivery.accepted)) << 48
        case .bootLoad: return 4
        case .restart: return 5
        }
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
