import Synchronization

/// What the workers of one parallel round share: a chunk counter, a stop flag, one buffer per
/// worker, and one result per chunk of the round, each written by the single worker that took
/// the chunk. Kept from round to round and level to level, so the buffers (a round's worth of
/// successors, not a level's) are reused.
final class ParallelWork<State>: @unchecked Sendable {
    /// The successors one worker buffered in a round, in the order it took its chunks.
    final class WorkerBuffer: @unchecked Sendable {
        var successors: [Successor<State>] = []
        /// Per shard, the indices of the successors whose fingerprint it owns.
        var byShard: [[Int32]]
        /// Written in phase 2 by the shards' owners, each at its own indices.
        private var newFlags: UnsafeMutableBufferPointer<Bool> = .init(start: nil, count: 0)

        init(shards: Int) { byShard = Array(repeating: [], count: shards) }

        func clear() {
            successors.removeAll(keepingCapacity: true)
            for k in byShard.indices { byShard[k].removeAll(keepingCapacity: true) }
        }

        /// One flag per successor; `prepareFlags()` must run first, before the workers.
        var isNew: UnsafeMutableBufferPointer<Bool> { newFlags }

        func prepareFlags() {
            if newFlags.count < successors.count {
                newFlags.deallocate()
                newFlags = .allocate(capacity: max(successors.count, newFlags.count * 2))
            }
            newFlags.initialize(repeating: false)
        }

        deinit { newFlags.deallocate() }
    }

    final class ChunkResult: @unchecked Sendable {
        var findings = Findings(properties: 0)
        /// The worker whose buffer holds this chunk's successors, at `successors` there, and
        /// per shard k at `shardStarts[k] ..< shardEnds[k]` of its `byShard[k]`.
        var worker = 0
        var successors = 0..<0
        var shardStarts: [Int] = []
        var shardEnds: [Int] = []
        var done = false
        /// When counting: every step's target key, transitions per node, property flags, and
        /// (after phase 3) every step's target id.
        var edgeKeys: [UInt64] = []
        var degrees: [UInt16] = []
        var judged = JudgedFlags(enabled: false)
        var edgeIDs: [UInt32] = []

        func clear(properties: Int) {
            findings = Findings(properties: properties)
            edgeKeys.removeAll(keepingCapacity: true)
            degrees.removeAll(keepingCapacity: true)
            judged.states.removeAll(keepingCapacity: true)
            judged.steps.removeAll(keepingCapacity: true)
            edgeIDs.removeAll(keepingCapacity: true)
            done = false
        }
    }

    private(set) var results: [ChunkResult] = []
    let workers: [WorkerBuffer]
    let nextChunk = Atomic<Int>(0)
    let stopReason = Atomic<Int>(0)
    /// Successors buffered so far in this round: an upper bound on the states it will add,
    /// so a state limit is checked against what the round would store, not its start.
    let buffered = Atomic<Int>(0)
    private static var reasons: [SearchStopReason] { [.stateLimit, .timeLimit, .interrupted, .memoryLimit] }

    init(shards: Int, threads: Int) {
        workers = (0..<threads).map { _ in WorkerBuffer(shards: shards) }
    }

    /// Ready for a round of `chunks` chunks.
    func reset(chunks: Int, properties: Int) {
        while results.count < chunks { results.append(ChunkResult()) }
        if results.count > chunks { results.removeLast(results.count - chunks) }
        for r in results { r.clear(properties: properties) }
        for w in workers { w.clear() }
        nextChunk.store(0, ordering: .relaxed)
        stopReason.store(0, ordering: .relaxed)
        buffered.store(0, ordering: .relaxed)
    }

    func stop(_ reason: SearchStopReason) {
        let code = (Self.reasons.firstIndex(of: reason) ?? 2) + 1
        _ = stopReason.compareExchange(expected: 0, desired: code, ordering: .relaxed)
    }

    var reason: SearchStopReason? {
        let code = stopReason.load(ordering: .relaxed)
        return code == 0 ? nil : Self.reasons[code - 1]
    }
}
