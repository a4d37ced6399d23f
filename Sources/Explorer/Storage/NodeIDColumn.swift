/// A column of 40-bit node ids (a search's parent links; a distributed rank's ids and parents),
/// kept as a 32-bit low column and an 8-bit high column: 5 bytes an id, not the 8 of a 64-bit
/// column (issue 52: +1 byte a state over 32-bit links). Both columns are chunked and spill to
/// disk as the others do.
struct NodeIDColumn {
    private(set) var low = ChunkedColumn<UInt32>()
    private(set) var high = ChunkedColumn<UInt8>()

    var count: Int { low.count }

    @inline(__always)
    subscript(index: Int) -> NodeID { NodeID(high[index]) << 32 | NodeID(low[index]) }

    init() {}

    init(_ ids: some Sequence<NodeID>) { append(contentsOf: ids) }

    /// Appends `id`, a node id below 2^40 or `NodeIDs.root` (checked: a wider one is refused,
    /// never cut to 40 bits).
    @inline(__always)
    mutating func append(_ id: NodeID) {
        precondition(id <= NodeIDs.root, "a node id past 40 bits")
        low.append(UInt32(truncatingIfNeeded: id))
        high.append(UInt8(truncatingIfNeeded: id >> 32))
    }

    mutating func append(contentsOf ids: some Sequence<NodeID>) {
        for id in ids { append(id) }
    }

    /// The ids from their two columns (a checkpoint's); nil when the columns differ in length.
    init?(low lows: [UInt32], high highs: [UInt8]) {
        guard lows.count == highs.count else { return nil }
        low.append(contentsOf: lows)
        high.append(contentsOf: highs)
    }

    /// Bytes held in memory.
    var bytes: Int { low.bytes + high.bytes }

    /// Every id in order (none may be spilled).
    var array: [NodeID] {
        zip(low.array, high.array).map { NodeID($1) << 32 | NodeID($0) }
    }

    /// The low 32 bits and the high 8 of every id, in order (a checkpoint writes them; none
    /// may be spilled).
    var lowWords: [UInt32] { low.array }
    var highBytes: [UInt8] { high.array }

    var isSpilled: Bool { low.spill != nil }

    /// From now on, whole chunks go to `lowFile` and `highFile` (see `ChunkedColumn.spillFullChunks`).
    mutating func spill(low lowFile: SpillFile, high highFile: SpillFile) {
        guard let l = ChunkCodec<UInt32>.raw, let h = ChunkCodec<UInt8>.raw else { return }
        low.spill = ColumnSpill(file: lowFile, codec: l)
        high.spill = ColumnSpill(file: highFile, codec: h)
        low.spillFullChunks()
        high.spillFullChunks()
    }

    /// Reads back the chunks holding `range` from disk; false when one cannot be read back whole.
    mutating func load(_ range: Range<Int>) -> Bool { low.load(range) && high.load(range) }
}
