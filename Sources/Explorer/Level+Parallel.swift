import Dispatch
import Synchronization

extension Level {
    /// The parallel level, in three phases, so its result is the sequential one:
    /// 1. workers expand chunks of the frontier (properties checked, successors buffered);
    /// 2. worker k inserts, in frontier order, the buffered successors of shard k;
    /// 3. the new states are appended in frontier order, as the sequential search would.
    /// Under a state limit, phases 1 and 2 run in rounds over the chunks in frontier order, and the
    /// level stops (committing nothing past it) at the first 1,024-state batch boundary where the
    /// sequential search would: the stopping point does not depend on the threads or their timing.
    mutating func expandInParallel<M: Model>(
        _ expansion: Expansion<M>, atBound: Bool, graph: inout SearchGraph, findings: inout Findings,
        limits: Limits, progress: (Int) -> Void
    ) -> SearchStopReason? where M.Stored == State {
        // The sequential search's check before the level's first batch.
        if limits.atStateLimit(graph.count) { return .stateLimit }
        let limit = atBound ? nil : limits.stateLimit.map { min($0, Limits.nodeIDCap) }
        let firstNode = graph.count - frontier.count
        let wanted = max(64, min(Self.batch * 4, frontier.count / (threads * 8) + 1))
        // Under a state limit, chunks divide the sequential search's batches, so its checks fall
        // between chunks. Without one, larger chunks (less to keep per chunk from level to level).
        let chunkSize = limit == nil ? wanted : Self.chunkSize(dividingBatch: wanted)
        let chunkCount = (frontier.count + chunkSize - 1) / chunkSize
        let chunksPerBatch = max(1, Self.batch / chunkSize)
        if parallelWork == nil { parallelWork = ParallelWork<State>(shards: visited.count) }
        guard let work = parallelWork else { return nil }
        work.reset(chunks: chunkCount, properties: expansion.properties.count)
        let distinctAtStart = graph.count
        progress(graph.count)

        var done = 0  // chunks expanded (and, below the bound, deduplicated)
        var known = distinctAtStart  // the distinct states after those chunks, as the sequential search counts them
        var newCounts: [Int] = []
        var committed = chunkCount
        var stopped: SearchStopReason?
        while done < chunkCount {
            // A round takes chunks until the successors it buffered (an upper bound on its new
            // states) could reach the limit, and at least to the next batch boundary.
            let mustReach = limit == nil ? chunkCount : (done / chunksPerBatch + 1) * chunksPerBatch
            let room = limit.map { $0 - known } ?? Int.max
            // Without a limit, only the node-id cap stops a level part-way (as soon as it might be passed).
            let idRoom = limit == nil && !atBound ? Limits.nodeIDCap - known : Int.max
            expandChunks(
                expansion, from: done, chunkSize: chunkSize, chunkCount: chunkCount, atBound: atBound,
                firstNode: firstNode, until: (room, mustReach), idRoom: idRoom, limits: limits)
            let end = min(work.nextChunk.load(ordering: .relaxed), chunkCount)
            if let reason = work.reason {
                // Timing stops (time, memory, signals): the findings of every chunk expanded.
                for result in work.results where result.done { findings.absorb(result.findings) }
                return reason
            }
            if atBound { break }
            // Once every chunk is expanded the frontier is not read again: its chunks go before
            // phase 2 fills the visited set and phase 3 the next level.
            if end == chunkCount {
                frontier.removeAll()
                used.removeAll()
            }
            deduplicate(chunks: done..<end)
            for c in done..<end {
                let result = work.results[c]
                newCounts.append(result.isNew.prefix(result.successors.count).reduce(0) { $0 + ($1 ? 1 : 0) })
                known += newCounts[c]
                if let limit, (c + 1) % chunksPerBatch == 0, c + 1 < chunkCount, known >= limit {
                    committed = c + 1
                    stopped = .stateLimit
                    break
                }
            }
            if stopped != nil { break }
            done = end
        }

        // Findings of the committed chunks, in frontier order.
        let results = Array(work.results.prefix(committed))
        for result in results { findings.absorb(result.findings) }
        if atBound {
            for result in results { record?.judged.states.append(contentsOf: result.judged.states) }
            return nil
        }
        progress(graph.count)
        commit(results, newCounts: newCounts, distinctAtStart: distinctAtStart, graph: &graph)
        return stopped
    }

    /// The largest power of two from 64 to `batch` at most `wanted` (64 at least): it divides `batch`.
    static func chunkSize(dividingBatch wanted: Int) -> Int {
        var size = 64
        while size * 2 <= min(wanted, batch) { size *= 2 }
        return size
    }

    /// Phase 1: workers expand chunks from `first` on, in the order they take them, until the
    /// level ends, a timing limit stops them, or the round's successors fill `until.room`
    /// (once chunk `until.mustReach` is taken), or could pass `idRoom`. Every chunk taken is
    /// finished, so the chunks expanded are `first ..< nextChunk`.
    private func expandChunks<M: Model>(
        _ expansion: Expansion<M>, from first: Int, chunkSize: Int, chunkCount: Int, atBound: Bool,
        firstNode: Int, until: (room: Int, mustReach: Int), idRoom: Int, limits: Limits
    ) where M.Stored == State {
        guard let work = parallelWork else { return }
        work.nextChunk.store(first, ordering: .relaxed)
        work.buffered.store(0, ordering: .relaxed)
        let visited = self.visited, frontier = self.frontier, used = self.used
        let recording = record != nil, judging = record?.judged.enabled ?? false
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var out: [Successor<State>] = []
            var recent = RecentKeys()
            while true {
                if work.stopReason.load(ordering: .relaxed) != 0 { return }
                if let reason = limits.timingReason() {
                    work.stop(reason)
                    return
                }
                let buffered = work.buffered.load(ordering: .relaxed)
                if buffered >= idRoom {
                    work.stop(.stateLimit)
                    return
                }
                if buffered >= until.room && work.nextChunk.load(ordering: .relaxed) >= until.mustReach { return }
                let c = work.nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < chunkCount else { return }
                let result = work.results[c]
                // Locals, stored once at the end: a class property in the loop would pay an
                // exclusivity check on every access.
                var findings = Findings(properties: expansion.properties.count)
                var successors = result.takeSuccessors()
                var parents = result.takeParents()
                var byShard = result.takeByShard()
                var edgeKeys: [UInt64] = [], degrees: [UInt16] = []
                if recording { swap(&edgeKeys, &result.edgeKeys); swap(&degrees, &result.degrees) }
                var judged = JudgedFlags(enabled: judging)
                if judging { swap(&judged.states, &result.judged.states); swap(&judged.steps, &result.judged.steps) }
                let start = c * chunkSize
                let end = min(start + chunkSize, frontier.count)
                for i in start..<end {
                    let node = UInt32(firstNode + i)
                    expansion.expand(
                        expansion.model.loaded(frontier[i]), stored: frontier[i], node: node, used: used[i], checkSteps: !atBound,
                        findings: &findings, out: &out, judged: &judged, visited: recording ? nil : visited)
                    if atBound {
                        visited.noteBeyondBound(out, in: &findings)
                        continue
                    }
                    if recording {
                        degrees.append(UInt16(out.count))
                        for s in out { edgeKeys.append(s.key) }
                    }
                    // A successor seen just before by this worker (siblings share many) has an
                    // earlier occurrence in frontier order, which phase 2 would keep instead.
                    for s in out where recent.isNew(s.key) {
                        byShard[visited.shard(of: s.key)].append(Int32(successors.count))
                        successors.append(s)
                        parents.append(node)
                    }
                }
                work.buffered.add(successors.count, ordering: .relaxed)
                result.findings = findings
                result.successors = successors
                result.parents = parents
                result.byShard = byShard
                result.edgeKeys = edgeKeys
                result.degrees = degrees
                result.judged = judged
                result.done = true
            }
        }
    }

    /// Phase 2: deduplicates `chunks`, each shard by its owner, each in frontier order (after
    /// the chunks before them: rounds go in frontier order).
    private func deduplicate(chunks: Range<Int>) {
        guard let work = parallelWork else { return }
        let visited = self.visited, admit = self.admit
        for c in chunks { work.results[c].prepareFlags() }
        let shards = visited.count
        DispatchQueue.concurrentPerform(iterations: shards) { k in
            var keys: [UInt64] = []
            for c in chunks {
                let result = work.results[c]
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
                            let key = successors[Int(mine[j])].key
                            flags[Int(mine[j])] = visited.insert(key, shard: k) && admit?.owns(key) != false
                        }
                        g = groupEnd
                    }
                }
            }
        }
    }

    /// Phases 3 and 4: appends the new states of `results` (the committed chunks) to the next
    /// level, in frontier order, and when counting, every step's target id.
    private mutating func commit(_ results: [ParallelWork<State>.ChunkResult], newCounts: [Int], distinctAtStart: Int, graph: inout SearchGraph) {
        let visited = self.visited, recording = record != nil
        // Phase 3: the new states, in frontier order, each chunk copied by a worker to its
        // place (known from the counts of the chunks before it).
        var offsets: [Int] = []
        var total = 0
        for c in results.indices {
            offsets.append(total)
            total += newCounts[c]
        }
        let chunkOffsets = offsets
        var parents: [UInt32] = []
        var actions: [UInt16] = []
        var usedThen: [UInt8] = []
        let states = [State](unsafeUninitializedCapacity: total) { stateBuffer, initialized in
            parents = [UInt32](unsafeUninitializedCapacity: total) { parentBuffer, p in
                actions = [UInt16](unsafeUninitializedCapacity: total) { actionBuffer, a in
                    usedThen = [UInt8](unsafeUninitializedCapacity: total) { usedBuffer, u in
                        let out = PhaseThreeBuffers(
                            states: stateBuffer, parents: parentBuffer, actions: actionBuffer, used: usedBuffer)
                        DispatchQueue.concurrentPerform(iterations: results.count) { c in
                            var at = chunkOffsets[c]
                            let result = results[c]
                            let flags = result.isNew, successors = result.successors, from = result.parents
                            for (i, s) in successors.enumerated() where flags[i] {
                                out.write(at, s, parent: from[i])
                                // Each new key is in one chunk only: its slot's id is written once.
                                if recording { visited.setID(s.key, UInt32(distinctAtStart + at)) }
                                at += 1
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

        // Phase 4 (counting): every step's target id, now that the new states have theirs.
        if recording {
            DispatchQueue.concurrentPerform(iterations: results.count) { c in
                let result = results[c]
                var ids: [UInt32] = []
                swap(&ids, &result.edgeIDs)
                ids.reserveCapacity(result.edgeKeys.count)
                for key in result.edgeKeys { ids.append(visited.id(of: key)) }
                swap(&ids, &result.edgeIDs)
            }
            for result in results {
                record?.append(targets: result.edgeIDs, degrees: result.degrees)
                record?.judged.states.append(contentsOf: result.judged.states)
                record?.judged.steps.append(contentsOf: result.judged.steps)
            }
        }
    }
}
