import Explorer
import FleetCard

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

    /// A packer for part `k` of the fingerprint (`FleetSystem.partHash`): a seed of its own.
    init(partSeed k: UInt64) { hash = 0x243F_6A88_85A3_08D3 &+ k &* 0x9E37_79B9_7F4A_7C15 }

    /// A part's hash: one full mix (`FleetSystem.fingerprint` mixes the parts' sum again).
    mutating func finishPart() -> UInt64 {
        add(0xA5)
        flush()
        return Fingerprint.mix(hash &+ step)
    }

    mutating func finish() -> UInt64 {
        add(0xA5)
        flush()
        return Fingerprint.mix(Fingerprint.mix(hash) ^ step)
    }
}

extension FleetSystem {
    /// The fingerprint (scheme 3): each part (`FleetState.Part`) hashed on its own, with its own
    /// seed, and the five hashes summed and mixed. A successor reuses its parent's hash of every
    /// part the step did not write (cached in the box by `FleetCodec.unpack`), so only written
    /// parts are packed.
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

    // Each part's fields in a fixed order, lengths first, from a seed of its own (so equal
    // bytes in two parts hash apart). The codec's tables keep each distinct part's hash. The
    // cells are read in place, element by element: no list is copied to be hashed.
    static func worldHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var p = WordPacker(partSeed: 0)
        withUnsafePointer(to: &c.pointee.sessions) { sessions in
            for i in 0..<sessions.pointee.count { FixedList.element(sessions, i).pointee.pack(into: &p) }
        }
        p.add(c.pointee.hostsDown)
        return p.finishPart()
    }

    static func serversHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var p = WordPacker(partSeed: 1)
        withUnsafePointer(to: &c.pointee.servers) { servers in
            for i in 0..<servers.pointee.count { pack(FixedList.element(servers, i).pointee, &p) }
        }
        return p.finishPart()
    }

    static func registriesHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var p = WordPacker(partSeed: 2)
        withUnsafePointer(to: &c.pointee.registries) { registries in
            for i in 0..<registries.pointee.count { pack(FixedList.element(registries, i).pointee, &p) }
        }
        return p.finishPart()
    }

    /// One phone's hash, whatever its index (the codec interns phones, not positions).
    static func deviceHash(_ device: DeviceCell) -> UInt64 {
        var p = WordPacker(partSeed: 3)
        pack(device, &p)
        return p.finishPart()
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
                    h = deviceHash(device.pointee)
                }
                head.pointee.derived.deviceHashes[d] = h
                sum &+= deviceWeight(d) &* h
            }
        }
        return sum
    }

    static func inFlightHash(_ c: UnsafeMutablePointer<FleetState.Cells>) -> UInt64 {
        var p = WordPacker(partSeed: 4)
        pack(inFlight: UnsafePointer(c), &p)
        return p.finishPart()
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
