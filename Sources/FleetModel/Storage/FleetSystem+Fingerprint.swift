import Explorer
import FleetCard

/// Storage: a fingerprint hashes only the parts a step wrote; FleetFingerprintFieldTests pins every field in it.
///
/// Bytes folded into 64-bit words and mixed: the fast, stable fingerprint of a state.
///
/// Each word is multiplied (128-bit) by its own position's odd constant and folded, and the
/// results are summed: the words do not wait for each other (a chain of full mixes, one per
/// word, did and cost most of the fingerprint), position still counts, and `finish` mixes the
/// sum fully. Lengths go first and a terminator last, so no two states share bytes.
struct WordPacker {
    var hash: UInt64 = 0x243F_6A88_85A3_08D3
    var word: UInt64 = 0
    var shift: UInt64 = 0
    /// Position constant of the next word: a Weyl sequence, odd at every step.
    var step: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always) mutating func add(_ b: UInt8) {
        word |= UInt64(b) << shift
        shift += 8
        if shift == 64 { flush() }
    }
    @inline(__always) mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }
    /// The `count` (1...8) low bytes of `bytes`, lowest first, at once: the same words as
    /// `count` calls of `add(_: UInt8)` (`WordPackerTests`), with one branch instead of `count`.
    @inline(__always) mutating func add(bytes: UInt64, count: Int) {
        let total = shift &+ 8 &* UInt64(count)
        word |= bytes << shift
        if total < 64 {
            shift = total
            return
        }
        // Bytes that did not fit go first into the next word (none when shift was 0: `>>` by 64 is 0).
        let rest = bytes >> (64 &- shift)
        flush()
        word = rest
        shift = total &- 64
    }
    @inline(__always) mutating func flush() {
        let product = (word ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: step)
        hash = hash &+ (product.high ^ product.low)
        step = step &+ 0x3C6E_F372_FE94_F82A  // even: the constant stays odd
        word = 0
        shift = 0
    }
    init() {}

    mutating func finish() -> UInt64 {
        add(0xA5)
        flush()
        return Fingerprint.mix(Fingerprint.mix(hash) ^ step)
    }
}

extension FleetSystem {
    /// The fingerprint (scheme 4): each part (`FleetState.Part`) hashed on its own from its
    /// cells' canonical bytes (`PartHasher`), with its own seed, and the five hashes summed and
    /// mixed. A successor reuses its parent's hash of every part the step did not write (cached
    /// in the box by `FleetCodec.unpack`), so only written parts are hashed.
    static func fingerprint(_ s: FleetState) -> UInt64 {
        let h = partHashes(s.box.head)
        return Fingerprint.mix(h[0] &+ h[1] &+ h[2] &+ h[3] &+ h[4])
    }

    /// The box's header with every part's hash cached (the missing ones computed and kept, so
    /// packing the state looks its parts up without hashing them again).
    @inline(__always)
    static func hashedParts(_ s: FleetState) -> UnsafeMutablePointer<FleetStateBox.Header> {
        let head = s.box.head
        _ = partHashes(head)
        return head
    }

    /// Every part's hash, the missing ones computed and cached in `head`. Writing a cache into
    /// a box that may be shared is safe: a box with a missing hash is its own thread's (states
    /// cross threads only packed, and `unpack` caches them all), and a cached hash is the one
    /// any reader would compute. The hashes are returned as computed, not read back: a wide
    /// read of words just written one by one waits for the writes.
    @inline(__always)
    static func partHashes(_ head: UnsafeMutablePointer<FleetStateBox.Header>) -> InlineArray<5, UInt64> {
        var h = head.pointee.derived.hashes
        let hashed = head.pointee.derived.hashed
        if hashed != FleetState.Part.all {
            let c = FleetStateBox.cells(of: head)
            if hashed & FleetState.Part.world == 0 { h[0] = worldHash(c) }
            if hashed & FleetState.Part.servers == 0 { h[1] = serversHash(c) }
            if hashed & FleetState.Part.registries == 0 { h[2] = registriesHash(c) }
            if hashed & FleetState.Part.devices == 0 { h[3] = devicesHash(head) }
            if hashed & FleetState.Part.inFlight == 0 { h[4] = inFlightHash(c) }
            head.pointee.derived.hashes = h
            head.pointee.derived.hashed = FleetState.Part.all
        }
        return h
    }

    // Each part's canonical bytes (`PartHasher`), counts first, from a seed of its own (so
    // equal bytes in two parts hash apart). The codec's tables keep each distinct part's hash.
    // The cells are read in place, a word at a time: no list is copied to be hashed.
    static func worldHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var h = PartHasher(part: 0)
        withUnsafePointer(to: &c.pointee.sessions) { sessions in
            let n = sessions.pointee.count
            h.add(UInt64(n) | UInt64(c.pointee.hostsDown) << 8)
            h.add(
                prefix: FleetHashLayout.sessionStride * n, of: UnsafeRawPointer(sessions),
                size: FleetHashLayout.sessionList)
        }
        return h.finish()
    }

    static func serversHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var h = PartHasher(part: 1)
        withUnsafePointer(to: &c.pointee.servers) { servers in
            h.add(UInt64(servers.pointee.count))
            for i in 0..<servers.pointee.count { add(server: FixedList.element(servers, i), &h) }
        }
        return h.finish()
    }

    /// A server's memory and flags in one word, its optionals' cases and masks in another, then
    /// the content of each card it holds and its tick's fields.
    @inline(__always)
    static func add(server s: UnsafePointer<ServerCell>, _ h: inout PartHasher) {
        let p = UnsafeRawPointer(s), L = FleetHashLayout.self
        let memory = code(s.pointee.memory), veto = s.pointee.vetoMask
        h.add(
            memory | UInt64(s.pointee.sinceMask) << 8 | UInt64(veto ?? 0) << 16 | UInt64(veto == nil ? 0 : 1) << 24
                | UInt64(p.loadUnaligned(fromByteOffset: L.serverFlags, as: UInt32.self)) << 32)
        let file = s.pointee.file.map { 1 + code($0.memory) } ?? 0
        let pending = s.pointee.pendingLoad.map { 1 + code($0.memory) } ?? 0
        let action = s.pointee.tick?.action
        h.add(
            file | UInt64(s.pointee.file?.sinceMask ?? 0) << 8 | pending << 16
                | UInt64(s.pointee.pendingLoad?.sinceMask ?? 0) << 24 | UInt64(action == nil ? 0 : 1) << 32)
        if memory == 2 { h.add(content: p) }
        if file == 3 { h.add(content: p + L.serverFile) }
        if pending == 3 { h.add(content: p + L.serverPendingLoad) }
        guard let action else { return }
        // FleetCard's own decision: its content and sids are the cell's; its bits are not.
        let t = p + L.serverTick
        let targets = Int(t.load(fromByteOffset: L.tickTargetCount, as: UInt8.self))
        h.add(
            UInt64(actionCode(action))
                | UInt64(t.load(fromByteOffset: L.tickSinceMask, as: UInt8.self)) << 8
                | UInt64(t.load(fromByteOffset: L.tickBesideRegistered, as: UInt8.self)) << 16
                | UInt64(t.load(fromByteOffset: L.tickDecidedBits, as: UInt8.self)) << 24 | UInt64(targets) << 32)
        h.add(content: t + L.tickContent)
        h.add(prefix: L.targetStride * targets, of: t + L.tickTargets, size: L.tickTargetCount + 1 - L.tickTargets)
    }

    /// A card memory's case: 0 none, 1 adopted, 2 a card.
    @inline(__always) static func code(_ m: CardMemory) -> UInt64 {
        switch m {
        case .none: 0
        case .adopted: 1
        case .card: 2
        }
    }

    static func registriesHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var h = PartHasher(part: 2)
        withUnsafePointer(to: &c.pointee.registries) { registries in
            let L = FleetHashLayout.self, n = registries.pointee.count
            let p = UnsafeRawPointer(registries)
            // The number of registries and each list's count, then each list's tokens in use.
            var counts = UInt64(n)
            for r in 0..<n {
                let lists = p + L.registryStride * r
                counts |= UInt64(lists.load(fromByteOffset: L.tokenSlots, as: UInt8.self)) << (8 + 16 * UInt64(r))
                counts |= UInt64(lists.load(fromByteOffset: L.tokenList + L.tokenSlots, as: UInt8.self)) << (16 + 16 * UInt64(r))
            }
            h.add(counts)
            for r in 0..<n {
                let lists = p + L.registryStride * r
                let pushToStart = Int(lists.load(fromByteOffset: L.tokenSlots, as: UInt8.self))
                h.add(prefix: L.tokenStride * pushToStart, of: lists, size: L.tokenList)
                let update = Int(lists.load(fromByteOffset: L.tokenList + L.tokenSlots, as: UInt8.self))
                h.add(prefix: L.tokenStride * update, of: lists + L.tokenList, size: L.tokenList)
            }
        }
        return h.finish()
    }

    /// One phone's hash, whatever its index (the codec interns phones, not positions).
    static func deviceHash(_ device: UnsafePointer<DeviceCell>) -> UInt64 {
        let p = UnsafeRawPointer(device), L = FleetHashLayout.self
        var h = PartHasher(part: 3)
        // The cards' count, then app, fetched, knownDown, pushToStartToken, wakePending,
        // needsSync and startsSinceWorld: one byte each.
        h.add(p, L.deviceCardCount)
        let synced = device.pointee.lastSynced != nil
        let cache = PartHasher.low(bytes: Int(p.load(fromByteOffset: L.deviceCacheCount, as: UInt8.self)))
        // lastSynced's row count and more (when present) and presence, the cache's slots in use and count.
        let tail = L.deviceCacheCount - 7
        h.add(
            p.loadUnaligned(fromByteOffset: tail, as: UInt64.self)
                & ((synced ? 0xFFFF : 0) | cache << (8 * UInt64(L.deviceCache - tail)) | 0xFF << 56)
                | UInt64(synced ? 1 : 0) << 16)
        for k in 0..<Int(p.load(fromByteOffset: L.deviceCardCount, as: UInt8.self)) {
            // Working, needsInput, rows 0...5; rows 4...7, their count, more, token, bits.
            let card = p + L.cardStride * k
            let rows = PartHasher.low(bytes: Int(card.load(fromByteOffset: L.contentRowCount, as: UInt8.self)))
            h.add(card, 0, mask: 0xFFFF | rows << 16)
            h.add(card, 6, mask: rows >> 32 | 0xFFFF_FFFF_0000_0000)
        }
        if synced {
            // Working, needsInput, rows 0...5; rows 6 and 7 (the count and more are in the tail word).
            let content = p + L.deviceLastSynced
            let rows = PartHasher.low(bytes: Int(content.load(fromByteOffset: L.contentRowCount, as: UInt8.self)))
            h.add(content, 0, mask: 0xFFFF | rows << 16)
            h.add(content, 8, mask: rows >> 48)
        }
        return h.finish()
    }

    /// Phone `d`'s hash is weighted by an odd constant of its own: swapped phones differ.
    @inline(__always) static func deviceWeight(_ d: Int) -> UInt64 { 1 &+ 2 &* UInt64(d) &* 0x9E37_79B9_7F4A_7C15 }

    /// The devices part's hash, each phone's hash kept in `head` (the phones' intern keys).
    /// A step mostly writes one phone: a phone whose bytes are still those of the box this one
    /// was copied from (never written while this box holds it) keeps that box's hash of it.
    static func devicesHash(_ head: UnsafeMutablePointer<FleetStateBox.Header>) -> UInt64 {
        var source: UnsafeMutablePointer<FleetStateBox.Header>?
        if let box = head.pointee.source, box.head.pointee.derived.hashed & FleetState.Part.devices != 0 { source = box.head }
        var sum: UInt64 = 0
        let sourceDevices = source.map { UnsafePointer(FleetStateBox.cells(of: $0).pointer(to: \.devices)!) }
        withUnsafePointer(to: &FleetStateBox.cells(of: head).pointee.devices) { devices in
            for d in 0..<devices.pointee.count {
                let device = FixedList.element(devices, d)
                let h: UInt64
                if let source, let sourceDevices, d < sourceDevices.pointee.count,
                    sameBytes(device, FixedList.element(sourceDevices, d))
                {
                    h = source.pointee.derived.deviceHashes[d]
                } else {
                    h = deviceHash(device)
                }
                head.pointee.derived.deviceHashes[d] = h
                sum &+= deviceWeight(d) &* h
            }
        }
        return sum
    }

    static func inFlightHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var h = PartHasher(part: 4)
        withUnsafePointer(to: &c.pointee.posts) { posts in
            withUnsafePointer(to: &c.pointee.pushes) { pushes in
                let L = FleetHashLayout.self, pushCount = pushes.pointee.count
                h.add(UInt64(posts.pointee.count) | UInt64(pushCount) << 8)
                // A POST's 5 bytes: device, host, endpoint, token, env.
                h.add(prefix: L.postStride * posts.pointee.count, of: UnsafeRawPointer(posts), size: L.postSlots + 1)
                for k in 0..<pushCount {
                    let push = UnsafeRawPointer(pushes) + L.pushStride * k
                    let content = push + L.pushContent
                    let n = Int(content.load(fromByteOffset: L.contentRowCount, as: UInt8.self))
                    let rows = PartHasher.low(bytes: n)
                    // Device, action, working, needsInput, rows 0...3; rows 6 and 7, their count,
                    // more, token, channel, origin, besideRegistered; rows 4 and 5 when there are.
                    h.add(push, 0, mask: 0xFFFF_FFFF | rows << 32)
                    h.add(push, L.pushOrigin - 6, mask: rows >> 48 | 0xFFFF_FFFF_FFFF_0000)
                    if n > 4 { h.add(UInt64(content.loadUnaligned(fromByteOffset: 6, as: UInt16.self)) & rows >> 32 & 0xFFFF) }
                }
            }
        }
        return h.finish()
    }

    /// Every field of the state, in a fixed order, lengths first (so no two states share bytes):
    /// fingerprint scheme 2, now only the order `representative` picks the least by.
    static func pack(_ s: FleetState) -> UInt64 {
        // Through the cells' pointer, by index: no cell is copied out of the state.
        let c = s.cells
        var p = WordPacker()
        for i in c.pointee.sessions.indices { c.pointee.sessions[i].pack(into: &p) }
        p.add(c.pointee.hostsDown)
        for i in c.pointee.servers.indices { pack(c.pointee.servers[i], &p) }
        for i in c.pointee.registries.indices { pack(c.pointee.registries[i], &p) }
        for i in c.pointee.devices.indices { pack(c.pointee.devices[i], &p) }
        pack(inFlight: UnsafePointer(c), &p)
        return p.finish()
    }

    /// The POSTs then the pushes of `c`, read in place (lists passed by value were copied whole).
    static func pack(inFlight c: UnsafePointer<FleetState.Cells>, _ p: inout WordPacker) {
        // Each cell's fixed bytes in one `add(bytes:count:)` (the same words as one add per byte).
        let posts = c.pointer(to: \.posts)!, pushes = c.pointer(to: \.pushes)!
        p.add(UInt8(posts.pointee.count))
        for i in 0..<posts.pointee.count {
            let post = FixedList.element(posts, i).pointee
            let endpoint: UInt64 = post.endpoint == .startToken ? 0 : post.endpoint == .updateToken ? 1 : 2
            p.add(
                bytes: UInt64(post.device) | UInt64(post.host) << 8 | endpoint << 16 | UInt64(post.token) << 24
                    | UInt64(post.env) << 32,
                count: 5)
        }
        p.add(UInt8(pushes.pointee.count))
        for i in 0..<pushes.pointee.count {
            let push = FixedList.element(pushes, i).pointee
            p.add(
                bytes: UInt64(push.device) | UInt64(actionCode(push.action)) << 8 | UInt64(push.token) << 16
                    | UInt64(push.channel ? 1 : 0) << 24 | UInt64(originCode(push.origin)) << 32
                    | UInt64(push.besideRegistered ? 1 : 0) << 40,
                count: 6)
            pack(push.content, &p)
        }
    }

    static func pack(_ server: ServerCell, _ p: inout WordPacker) {
        pack(server.memory, &p)
        p.add(
            bytes: UInt64(server.sinceMask) | UInt64(server.vetoMask.map { $0 | 0x80 } ?? 0) << 8
                | UInt64(server.loading ? 1 : 0) << 16 | UInt64(server.endedDuringLoad ? 1 : 0) << 24
                | UInt64(server.resurrected ? 1 : 0) << 32 | UInt64(server.forgotSinceRegistration ? 1 : 0) << 40,
            count: 6)
        pack(server.file, &p)
        pack(server.pendingLoad, &p)
        if let tick = server.tick {
            p.add(1 + actionCode(tick.action))
            pack(tick.content, &p)
            p.add(tick.sinceMask)
            p.add(tick.besideRegistered)
            // FleetCard's own decision: its content and sids are the cell's; these bits are not.
            p.add(tick.decided.bits)
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
        for t in r.pushToStart { p.add(bytes: UInt64(t.token) | UInt64(t.device) << 8 | UInt64(t.env) << 16, count: 3) }
        p.add(UInt8(r.update.count))
        for t in r.update { p.add(bytes: UInt64(t.token) | UInt64(t.device) << 8 | UInt64(t.env) << 16, count: 3) }
    }

    static func pack(_ d: DeviceCell, _ p: inout WordPacker) {
        p.add(UInt8(d.cards.count))
        for c in d.cards {
            pack(c.content, &p)
            // `bits` is the flags byte: posted, pushCapable, registered, sendFailed, origin << 4,
            // besideRegistered << 6, failureCounted << 7.
            p.add(bytes: UInt64(c.token) | UInt64(c.bits) << 8, count: 2)
        }
        let app = appCode(d.app) | (d.fetched ? 4 : 0) | (d.wakePending ? 8 : 0) | (d.needsSync ? 16 : 0)
        p.add(
            bytes: UInt64(app) | UInt64(d.knownDown) << 8 | UInt64(d.pushToStartToken) << 16 | UInt64(d.startsSinceWorld) << 24,
            count: 4)
        if let last = d.lastSynced {
            p.add(1)
            pack(last, &p)
        } else {
            p.add(0)
        }
        p.add(UInt8(truncatingIfNeeded: d.cache.count))
        for a in d.cache { p.add(activityCode(a)) }
    }

    @inline(__always)
    static func pack(_ c: CardContent, _ p: inout WordPacker) {
        let n = c.rows.count
        p.add(bytes: UInt64(c.working) | UInt64(c.needsInput) << 8 | UInt64(c.more) << 16 | UInt64(n) << 24, count: 4)
        guard n > 0 else { return }
        var rows: UInt64 = 0
        for k in 0..<n { rows |= UInt64(c.rows[k]) << (8 * UInt64(k)) }
        p.add(bytes: rows, count: n)
    }

    @inline(__always)
    static func pack(_ m: CardMemory, _ p: inout WordPacker) {
        switch m {
        case .none: p.add(0)
        case .adopted: p.add(1)
        case .card(let c):
            p.add(2)
            pack(c, &p)
        }
    }

    @inline(__always)
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
// per field) makes a `FleetState` cheap to put in a Set or Dictionary; `==` stays field by field.
// (The intern tables and memos do not use the Hasher: they key by part hashes and memo words.)
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
