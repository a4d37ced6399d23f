import Dispatch
import Synchronization

extension Level {
    /// The parallel level, in three phases, so its result is the sequential one:
    /// 1. workers expand chunks of the frontier (properties checked, successors buffered);
    /// 2. worker k inserts, in frontier order, the buffered successors of shard k;
    /// 3. the new states are appended in frontier order, as the sequential search would.
    mutating func expandInParallel<M: Model>(
        _ expansion: Expansion<M>, atBound: Bool, graph: inout SearchGraph, findings: inout Findings,
        limits: Limits, progress: (Int) -> Void
    ) -> SearchStopReason? where M.State == State {
        let firstNode = graph.count - frontier.count
        let chunkSize = max(64, min(Self.batch * 4, frontier.count / (threads * 8) + 1))
        let chunkCount = (frontier.count + chunkSize - 1) / chunkSize
        if parallelWork == nil { parallelWork = ParallelWork<State>(shards: visited.count) }
        guard let work = parallelWork else { return nil }
        work.reset(chunks: chunkCount, properties: expansion.properties.count)
        let visited = self.visited
        let distinctAtStart = graph.count
        progress(graph.count)

        // Phase 1: expand.
        let frontier = self.frontier, used = self.used
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var out: [Successor<State>] = []
            while true {
                if work.stopReason.load(ordering: .relaxed) != 0 { return }
                let c = work.nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < chunkCount else { return }
                if let reason = limits.reason(distinctStates: distinctAtStart) {
                    work.stop(reason)
                    return
                }
                let result = work.results[c]
                // Locals, stored once at the end: a class property in the loop would pay an
                // exclusivity check on every access.
                var findings = Findings(properties: expansion.properties.count)
                var successors = result.takeSuccessors()
                var parents = result.takeParents()
                var byShard = result.takeByShard()
                let start = c * chunkSize
                let end = min(start + chunkSize, frontier.count)
                for i in start..<end {
                    let node = UInt32(firstNode + i)
                    expansion.expand(
                        frontier[i], node: node, used: used[i], checkSteps: !atBound,
                        findings: &findings, out: &out)
                    if atBound {
                        if !findings.beyondBound && out.contains(where: { !visited.contains($0.key) }) {
                            findings.beyondBound = true
                        }
                        continue
                    }
                    // States of earlier levels are dropped here, in parallel (nobody writes the
                    // table in this phase); phase 2 then only settles this level's newcomers.
                    for s in out {
                        byShard[visited.shard(of: s.key)].append(Int32(successors.count))
                        successors.append(s)
                        parents.append(node)
                    }
                }
                result.findings = findings
                result.successors = successors
                result.parents = parents
                result.byShard = byShard
                result.done = true
            }
        }
        // Findings of every expanded chunk count, in frontier order, even when stopping early.
        for result in work.results where result.done { findings.absorb(result.findings) }
        if let reason = work.reason { return reason }
        if atBound { return nil }
        progress(graph.count)

        // Phase 2: deduplicate, each shard by its owner, each in frontier order.
        for result in work.results { result.prepareFlags() }
        let shards = visited.count
        DispatchQueue.concurrentPerform(iterations: shards) { k in
            var keys: [UInt64] = []
            for result in work.results {
                let flags = result.isNew
                let mine = result.byShard[k]
                result.successors.withUnsafeBufferPointer { successors in
                    // In groups, reading each group's slots first so their misses overlap.
                    var g = 0
                    while g < mine.count {
                        let groupEnd = min(g + 32, mine.count)
                        keys.removeAll(keepingCapacity: true)
                        for j in g..<groupEnd { keys.append(successors[Int(mine[j])].key) }
                        visited.prefetch(keys: keys, shard: k)
                        for j in g..<groupEnd {
                            flags[Int(mine[j])] = visited.insert(successors[Int(mine[j])].key, shard: k)
                        }
                        g = groupEnd
                    }
                }
            }
        }

        // Phase 3: the new states, in frontier order, each chunk copied by a worker to its
        // place (known from the counts of the chunks before it).
        var offsets: [Int] = []
        var total = 0
        for result in work.results {
            offsets.append(total)
            total += result.isNew.prefix(result.successors.count).reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let results = work.results, chunkOffsets = offsets, workers = min(threads, results.count)
        var parents: [UInt32] = []
        var actions: [UInt16] = []
        var usedThen: [UInt8] = []
        let states = [State](unsafeUninitializedCapacity: total) { stateBuffer, initialized in
            parents = [UInt32](unsafeUninitializedCapacity: total) { parentBuffer, p in
                actions = [UInt16](unsafeUninitializedCapacity: total) { actionBuffer, a in
                    usedThen = [UInt8](unsafeUninitializedCapacity: total) { usedBuffer, u in
                        let out = PhaseThreeBuffers(
                            states: stateBuffer, parents: parentBuffer, actions: actionBuffer, used: usedBuffer)
                        DispatchQueue.concurrentPerform(iterations: workers) { worker in
                            for c in stride(from: worker, to: results.count, by: workers) {
                                var at = chunkOffsets[c]
                                let result = results[c]
                                let flags = result.isNew, successors = result.successors, from = result.parents
                                for (i, s) in successors.enumerated() where flags[i] {
                                    out.write(at, s, parent: from[i])
                                    at += 1
                                }
                            }
                        }
                        u = total
                    }
                    a = total
                }
                p = total
            }
            initialized = total
        }
        graph.append(parents: parents, actions: actions)
        next.append(contentsOf: states)
        nextUsed.append(contentsOf: usedThen)
        return nil
    }
}

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
        /// Written in phase 2 by the shards' owners, each at its own indices.
        private var newFlags: [Bool] = []
        private var flagBuffer: UnsafeMutableBufferPointer<Bool> = .init(start: nil, count: 0)

        init(shards: Int) { byShard = Array(repeating: [], count: shards) }

        func clear(properties: Int) {
            findings = Findings(properties: properties)
            successors.removeAll(keepingCapacity: true)
            parents.removeAll(keepingCapacity: true)
            for k in byShard.indices { byShard[k].removeAll(keepingCapacity: true) }
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
    private static var reasons: [SearchStopReason] { [.stateLimit, .timeLimit, .interrupted] }

    init(shards: Int) { self.shards = shards }

    /// Ready for a level of `chunks` chunks.
    func reset(chunks: Int, properties: Int) {
        while results.count < chunks { results.append(ChunkResult(shards: shards)) }
        if results.count > chunks { results.removeLast(results.count - chunks) }
        for r in results { r.clear(properties: properties) }
        nextChunk.store(0, ordering: .relaxed)
        stopReason.store(0, ordering: .relaxed)
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
