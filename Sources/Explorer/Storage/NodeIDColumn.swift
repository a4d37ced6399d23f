/// A column of 40-bit node ids (a search's parent links; a distributed rank's ids and parents):
/// the low 32 bits of each in a chunked column, the high 8 as runs (where each run of equal
/// high bytes starts). A search's ids and parents rise in node order (breadth first: a level's
/// states are stored in the order of their parents), so the high byte changes at most a few
/// hundred times in a run, and a link costs 4 bytes as with 32-bit ids, in memory and on disk.
/// A dense high-byte column cost 2.5% more instructions on two-phase commit 8 (its append, a
/// state's second to the links); runs cost a compare. Any order reads back exact: ids that do
/// not rise only make more runs (16 bytes each).
struct NodeIDColumn {
    private(set) var low = ChunkedColumn<UInt32>()
    /// Where the high byte changes: from `runStarts[k]` (to the next start) the ids' high byte is
    /// `runHighs[k]`; before the first start, 0.
    private var runStarts: [Int] = []
    private var runHighs: [UInt8] = []
    /// The high byte of the last id appended (the open run's; 0 before any).
    private var lastHigh: UInt8 = 0

    var count: Int { low.count }

    init() {}

    init(_ ids: some Sequence<NodeID>) { append(contentsOf: ids) }

    /// The ids from their two columns (a checkpoint's); nil when the columns differ in length.
    init?(low lows: [UInt32], high highs: [UInt8]) {
        guard lows.count == highs.count else { return nil }
        for (l, h) in zip(lows, highs) { append(NodeID(h) << 32 | NodeID(l)) }
    }

    /// The high byte of id `index`: its run's (the last run starting at or before it).
    @inline(__always)
    private func high(_ index: Int) -> UInt8 {
        // The runs starting at or before `index`: the first `lo` of them.
        var (lo, hi) = (0, runStarts.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if runStarts[mid] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : runHighs[lo - 1]
    }

    @inline(__always)
    subscript(index: Int) -> NodeID { NodeID(high(index)) << 32 | NodeID(low[index]) }

    /// Appends `id`, a node id below 2^40 or `NodeIDs.root` (checked: a wider one is refused,
    /// never cut to 40 bits).
    @inline(__always)
    mutating func append(_ id: NodeID) {
        precondition(id <= NodeIDs.root, "a node id past 40 bits")
        let h = UInt8(truncatingIfNeeded: id >> 32)
        if h != lastHigh { startRun(h) }
        low.append(UInt32(truncatingIfNeeded: id))
    }

    @inline(never)
    private mutating func startRun(_ h: UInt8) {
        runStarts.append(low.count)
        runHighs.append(h)
        lastHigh = h
    }

    mutating func append(contentsOf ids: some Sequence<NodeID>) {
        for id in ids { append(id) }
    }

    /// Runs of high bytes so far (a test's measure: a few for ids that rise).
    var runCount: Int { runStarts.count }

    /// Bytes held in memory.
    var bytes: Int { low.bytes + runStarts.capacity * MemoryLayout<Int>.stride + runHighs.capacity }

    /// Every id in order (none may be spilled).
    var array: [NodeID] { zip(low.array, highBytes).map { NodeID($1) << 32 | NodeID($0) } }

    /// The low 32 bits and the high 8 of every id, in order (a checkpoint writes them; none
    /// may be spilled).
    var lowWords: [UInt32] { low.array }
    var highBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        for k in runStarts.indices {
            let end = k + 1 < runStarts.count ? runStarts[k + 1] : count
            for i in runStarts[k]..<end { out[i] = runHighs[k] }
        }
        return out
    }

    var isSpilled: Bool { low.spill != nil }

    /// From now on, the low words' whole chunks go to `file` (see `ChunkedColumn.spillFullChunks`)
    /// as varint deltas (`ChunkCodec.deltas`: rising links take a byte or two; the wrap where the
    /// high byte changes reads back too); the runs stay in memory.
    mutating func spill(low file: SpillFile) {
        low.spill = ColumnSpill(file: file, codec: .deltas)
        low.spillFullChunks()
    }

    /// Reads back the chunks holding `range` from disk; false when one cannot be read back whole.
    mutating func load(_ range: Range<Int>) -> Bool { low.load(range) }
}
