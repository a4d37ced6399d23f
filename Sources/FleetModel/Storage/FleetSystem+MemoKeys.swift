import FleetCard

/// Storage: a FleetCard call is found again by a few words; SessionsCodeTests, FleetStateCapacityTests pin the keys.
///
/// The memo keys (`Memo`): each memo's inputs field by field in whole words, read in place.
/// Every input a computation reads is in its key, so equal words are equal inputs.
extension FleetSystem {
    /// The inputs of one `ServerOp` as memo words (`serverStepKey`): the watcher's cell without
    /// the tick in flight (FleetCard neither reads nor writes it), its host's registry, the
    /// sessions (their since stamps) and the op.
    typealias ServerStepKey = MemoKey<16>

    /// The memo words of server `i`'s step `op` on `s`: its cell's bytes before the tick in flight
    /// (7 words), its host's registry's (7 words), the sessions (`SessionsCode`) and the op.
    /// Copied as they are (all plain bytes): two moves, not a word built field by field.
    static func serverStepKey(_ s: FleetState, server i: Int, host h: Int, _ op: ServerOp) -> ServerStepKey {
        var key = ServerStepKey()
        let c = UnsafePointer(s.cells)
        let cell = FleetState.Servers.element(UnsafePointer(c.pointer(to: \.servers)!), i)
        copyBytes(UnsafeRawPointer(cell), count: serverCellBytes, into: &key, at: 0)
        copyRegistry(c, host: h, into: &key, at: 7)
        key.words[14] = SessionsCode(c.pointee.sessions).word
        key.words[15] = opWord(op)
        return key
    }

    /// A server cell's bytes up to its tick (the tick is its last field; FleetCard does not see
    /// it): every other field lies in them, and no padding (`FleetStateCapacityTests`).
    @inline(__always) static var serverCellBytes: Int {
        MemoryLayout<ServerCell>.offset(of: \ServerCell.pendingLoad)! + MemoryLayout<PersistedCell?>.size
    }

    /// Server `i`'s decision inputs: its memory, since and veto masks, and the sessions.
    static func decideKey(_ s: FleetState, server i: Int) -> MemoKey<3> {
        var key = MemoKey<3>()
        let c = UnsafePointer(s.cells)
        let cell = FleetState.Servers.element(UnsafePointer(c.pointer(to: \.servers)!), i)
        let memory = memoryWords(cell.pointee.memory)
        key.words[0] = memory.head | UInt64(cell.pointee.sinceMask) << 40 | vetoCode(cell.pointee.vetoMask) << 48
            | UInt64(truncatingIfNeeded: i) << 57
        key.words[1] = memory.rows
        key.words[2] = SessionsCode(c.pointee.sessions).word
        return key
    }

    /// The targets' inputs: host `h`'s registry (words 0...6, `copyRegistry`) and the action,
    /// in the last word's top byte (past the registry's bytes).
    static func targetKey(_ action: FleetCard.FleetAction, _ s: FleetState, host h: Int) -> MemoKey<7> {
        var key = MemoKey<7>()
        copyRegistry(UnsafePointer(s.cells), host: h, into: &key, at: 0)
        key.words[6] |= UInt64(actionCode(action)) << 56
        return key
    }

    static func truthKey(_ s: FleetState) -> MemoKey<1> {
        var key = MemoKey<1>()
        key.words[0] = SessionsCode(s.sessions).word
        return key
    }

    static func syncKey(_ inputs: SyncInputs) -> MemoKey<6> {
        var key = MemoKey<6>()
        key.words[0] = (inputs.launch ? 1 : 0) | (inputs.fetched ? 2 : 0) | (inputs.foreground ? 4 : 0)
            | UInt64(inputs.knownDown) << 8
        key.words[1] = SessionsCode(inputs.seen).word
        (key.words[2], key.words[3]) = contentWords(inputs.card)
        (key.words[4], key.words[5]) = contentWords(inputs.last)
        return key
    }

    /// Host `h`'s registry cell's bytes (two token lists of 3-byte entries, no padding) from
    /// word `w` on (seven words).
    @inline(__always)
    static func copyRegistry<let n: Int>(
        _ c: UnsafePointer<FleetState.Cells>, host h: Int, into key: inout MemoKey<n>, at w: Int
    ) {
        let bytes = MemoryLayout<RegistryCell>.size
        precondition(bytes <= 7 * 8 - 1, "a registry cell outgrew its memo words")
        let registry = UnsafeRawPointer(FleetState.Registries.element(UnsafePointer(c.pointer(to: \.registries)!), h))
        copyBytes(registry, count: bytes, into: &key, at: w)
    }

    /// `count` bytes from `source` into the key from word `w` on (the rest of the last word 0).
    @inline(__always)
    static func copyBytes<let n: Int>(_ source: UnsafeRawPointer, count: Int, into key: inout MemoKey<n>, at w: Int) {
        precondition(w * 8 + count <= n * 8, "memo bytes past the key's words")
        withUnsafeMutableBytes(of: &key.words) { words in
            (words.baseAddress! + 8 * w).copyMemory(from: source, byteCount: count)
        }
    }

    /// A card memory as memo words: its case and its content's counts, then its rows.
    @inline(__always) static func memoryWords(_ m: CardMemory) -> (head: UInt64, rows: UInt64) {
        switch m {
        case .none: (0, 0)
        case .adopted: (1, 0)
        case .card(let c): (2 | contentHead(c) << 8, rowsWord(c))
        }
    }

    /// working, needsInput, more and the row count: 32 bits.
    @inline(__always) static func contentHead(_ c: CardContent) -> UInt64 {
        UInt64(c.working) | UInt64(c.needsInput) << 8 | UInt64(c.more) << 16 | UInt64(c.rows.count) << 24
    }

    /// The eight row slots (a slot past the count is blank).
    @inline(__always) static func rowsWord(_ c: CardContent) -> UInt64 { unsafeBitCast(c.rows.storage, to: UInt64.self) }

    @inline(__always) static func contentWords(_ c: CardContent?) -> (UInt64, UInt64) {
        guard let c else { return (0, 0) }
        return (1 | contentHead(c) << 8, rowsWord(c))
    }

    /// A veto mask in 9 bits: the mask, and bit 8 when one is recorded.
    @inline(__always) static func vetoCode(_ v: UInt8?) -> UInt64 { v.map { 0x100 | UInt64($0) } ?? 0 }

    /// The op and its operands (an apply names FleetCard's decision by its id).
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
