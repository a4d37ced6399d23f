import Synchronization

/// Where phase 3 writes: disjoint ranges per chunk, so workers never touch the same slot.
struct PhaseThreeBuffers<State>: @unchecked Sendable {
    let states: UnsafeMutableBufferPointer<State>
    let parents: UnsafeMutableBufferPointer<UInt32>
    let actions: UnsafeMutableBufferPointer<UInt16>
    let used: UnsafeMutableBufferPointer<UInt8>

    func write(_ at: Int, _ s: Successor<State>, parent: UInt32) {
        states.initializeElement(at: at, to: s.state)
        parents[at] = parent
        actions[at] = s.action
        used[at] = s.used
    }
}

/// What the workers of one parallel level share: a chunk counter, a stop flag, and one result
/// per chunk, each written by the single worker that took the chunk. Kept from level to level
/// so its buffers are reused.
final class ParallelWork<State>: @unchecked Sendable {
    final class ChunkResult: @unchecked Sendable {
        var findings = Findings(properties: 0)
        var successors: [Successor<State>] = []
        var parents: [UInt32] = []
        /// Per shard, the indices of this chunk's successors whose fingerprint it owns.
        var byShard: [[Int32]]
        var done = false
        /// When counting: every step's target key, transitions per node, property flags, and
        /// (after phase 3) every step's target id.
        var edgeKeys: [UInt64] = []
        var degrees: [UInt16] = []
        var judged = JudgedFlags(enabled: false)
        var edgeIDs: [UInt32] = []
        /// Written in phase 2 by the shards' owners, each at its own indices.
        private var newFlags: [Bool] = []
        private var flagBuffer: UnsafeMutableBufferPointer<Bool> = .init(start: nil, count: 0)

        init(shards: Int) { byShard = Array(repeating: [], count: shards) }

        func clear(properties: Int) {
            findings = Findings(properties: properties)
            successors.removeAll(keepingCapacity: true)
            parents.removeAll(keepingCapacity: true)
            for k in byShard.indices { byShard[k].removeAll(keepingCapacity: true) }
            edgeKeys.removeAll(keepingCapacity: true)
            degrees.removeAll(keepingCapacity: true)
            judged.states.removeAll(keepingCapacity: true)
            judged.steps.removeAll(keepingCapacity: true)
            edgeIDs.removeAll(keepingCapacity: true)
            done = false
        }

        /// The buffers, handed to the worker that fills them (and given back when it is done).
        func takeSuccessors() -> [Successor<State>] { defer { successors = [] }; return successors }
        func takeParents() -> [UInt32] { defer { parents = [] }; return parents }
        func takeByShard() -> [[Int32]] { defer { byShard = [] }; return byShard }

        /// One flag per successor; `prepareFlags()` must run first, before the workers.
        var isNew: UnsafeMutableBufferPointer<Bool> { flagBuffer }

        func prepareFlags() {
            if flagBuffer.count < successors.count {
                flagBuffer.deallocate()
                flagBuffer = .allocate(capacity: max(successors.count, flagBuffer.count * 2))
            }
            flagBuffer.initialize(repeating: false)
        }

        deinit { flagBuffer.deallocate() }
    }

    private(set) var results: [ChunkResult] = []
    let shards: Int
    let nextChunk = Atomic<Int>(0)
    let stopReason = Atomic<Int>(0)
    /// Successors buffered so far in this level: an upper bound on the states it will add,
    /// so a state limit is checked against what the level would store, not its start.
    let buffered = Atomic<Int>(0)
    private static var reasons: [SearchStopReason] { [.stateLimit, .timeLimit, .interrupted, .memoryLimit] }

    init(shards: Int) { self.shards = shards }

    /// Ready for a level of `chunks` chunks.
    func reset(chunks: Int, properties: Int) {
        while results.count < chunks { results.append(ChunkResult(shards: shards)) }
        if results.count > chunks { results.removeLast(results.count - chunks) }
        for r in results { r.clear(properties: properties) }
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
