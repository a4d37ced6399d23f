import Dispatch
import Synchronization

extension Level {
    /// The parallel level, in rounds of a few thousand frontier states (whole batches), each in
    /// three phases, so its result is the sequential one:
    /// 1. workers expand the round's chunks (properties checked, successors not yet visited buffered);
    /// 2. worker k inserts, in frontier order, the buffered successors of shard k;
    /// 3. the new states are appended in frontier order, as the sequential search would, and the
    ///    round's frontier chunks freed.
    /// Only a round's successors are buffered at once, never a level's (peak memory, issue 10).
    /// Under a state limit a round also ends once its buffered successors (an upper bound on its
    /// new states) could reach the limit, and the level stops (committing nothing past it) at the
    /// first 1,024-state batch boundary where the sequential search would: the stopping point
    /// does not depend on the threads or their timing.
    mutating func expandInParallel<M: Model>(
        _ expansion: Expansion<M>, atBound: Bool, graph: inout SearchGraph, findings: inout Findings,
        limits: Limits, progress: (Int) -> Void
    ) -> SearchStopReason? where M.Storage.Stored == State {
        // The sequential search's check before the level's first batch.
        if limits.atStateLimit(graph.count) { return .stateLimit }
        let limit = atBound ? nil : limits.stateLimit.map { min($0, limits.nodeIDCap) }
        let firstNode = graph.count - frontier.count
        // Chunks divide the batches (so a state limit's checks fall between chunks), and the
        // rounds are whole batches; several chunks per thread in a round, so none waits long.
        // A round is `roundStates`, or a 64th of the states stored when that is more: its buffers
        // stay a small share of the search's memory, and a big search waits at fewer rounds' ends.
        let round = max(roundStates, graph.count / 64 / Self.batch * Self.batch)
        let chunkSize = Self.chunkSize(dividingBatch: min(round, frontier.count) / (threads * 8) + 1)
        let chunkCount = (frontier.count + chunkSize - 1) / chunkSize
        let chunksPerBatch = Self.batch / chunkSize
        let chunksPerRound = round / chunkSize
        if parallelWork == nil { parallelWork = ParallelWork<State>(shards: visited.count, threads: threads) }
        guard let work = parallelWork else { return nil }

        var done = 0  // chunks expanded and committed
        var known = graph.count  // the distinct states after the chunks counted, as the sequential search counts them
        while done < chunkCount {
            progress(graph.count)
            let roundEnd = min(chunkCount, done + chunksPerRound)
            if let reason = spillAndLoad(
                done * chunkSize..<min(roundEnd * chunkSize, frontier.count), model: expansion.model, graph: &graph) {
                return reason
            }
            work.reset(chunks: roundEnd - done, properties: expansion.properties.count)
            // Under a state limit, the round takes chunks until the successors it buffered could
            // reach the limit, and at least to the next batch boundary.
            let mustReach = limit == nil ? roundEnd : min(roundEnd, (done / chunksPerBatch + 1) * chunksPerBatch)
            let room = limit.map { $0 - known } ?? Int.max
            // Without a limit, only the node-id cap stops a level part-way (as soon as it might be passed).
            let idRoom = limit == nil && !atBound ? limits.nodeIDCap - known : Int.max
            expandChunks(
                expansion, chunks: done..<roundEnd, chunkSize: chunkSize, atBound: atBound, firstNode: firstNode,
                until: (room, mustReach), idRoom: idRoom, limits: limits)
            let end = min(work.nextChunk.load(ordering: .relaxed), roundEnd)
            if let reason = work.reason {
                // Timing stops (time, memory, signals): the findings of every chunk expanded.
                for result in work.results where result.done { findings.absorb(result.findings) }
                return reason
            }
            let results = work.results.prefix(end - done)
            if atBound {
                for result in results {
                    findings.absorb(result.findings)
                    record?.judged.states.append(contentsOf: result.judged.states)
                }
                done = end
                continue
            }
            deduplicate(results)
            var committed = results.count
            var stopped: SearchStopReason?
            for (i, result) in results.enumerated() {
                let flags = work.workers[result.worker].isNew
                for j in result.successors where flags[j] { known += 1 }
                let c = done + i
                if let limit, (c + 1) % chunksPerBatch == 0, c + 1 < chunkCount, known >= limit {
                    committed = i + 1
                    stopped = .stateLimit
                    break
                }
            }
            commit(results.prefix(committed), findings: &findings, graph: &graph)
            // The frontier is read in order: the round's chunks are not read again.
            frontier.discard(before: (done + committed) * chunkSize)
            used.discard(before: (done + committed) * chunkSize)
            if stopped != nil { return stopped }
            done = end
        }
        progress(graph.count)
        return nil
    }

    /// The largest power of two from 64 to `batch` at most `wanted` (64 at least): it divides `batch`.
    static func chunkSize(dividingBatch wanted: Int) -> Int {
        var size = 64
        while size * 2 <= min(wanted, batch) { size *= 2 }
        return size
    }

    /// Phase 1: workers expand `chunks` in the order they take them, until the round ends, a
    /// timing limit stops them, or the round's successors fill `until.room` (once chunk
    /// `until.mustReach` is taken), or could pass `idRoom`. Every chunk taken is finished, so
    /// the chunks expanded are `chunks.lowerBound ..< nextChunk`; chunk c's result is
    /// `results[c - chunks.lowerBound]`.
    private func expandChunks<M: Model>(
        _ expansion: Expansion<M>, chunks: Range<Int>, chunkSize: Int, atBound: Bool,
        firstNode: Int, until: (room: Int, mustReach: Int), idRoom: Int, limits: Limits
    ) where M.Storage.Stored == State {
        guard let work = parallelWork else { return }
        work.nextChunk.store(chunks.lowerBound, ordering: .relaxed)
        work.buffered.store(0, ordering: .relaxed)
        let visited = self.visited, frontier = self.frontier, used = self.used
        let recording = record != nil, judging = record?.judged.enabled ?? false
        DispatchQueue.concurrentPerform(iterations: threads) { w in
            var out: [Successor<State>] = []
            var actions: [M.Action] = []
            // This worker's spare successor, kept from state to state (see `Level.expand`).
            var spare: M.State?
            var recent = RecentKeys()
            // Not counting, the expansion itself drops (and does not pack) a successor already
            // visited or seen just before by this worker; counting, `out` keeps every step. A model
            // keeping its states unpacked saves nothing by the table read, a cache miss per step
            // that phase 2 pays again: only repeats are dropped (2 threads on two-phase commit ran
            // slower than 1, issue 34).
            var filter: SuccessorFilter =
                recording ? .all : M.keepsStatesUnpacked ? .deferring : .unvisited(visited, recent: RecentKeys())
            let buffer = work.workers[w]
            // Locals, stored once at the end: a class property in the loop would pay an
            // exclusivity check on every access.
            var successors: [Successor<State>] = [], byShard: [[Int32]] = []
            swap(&successors, &buffer.successors)
            swap(&byShard, &buffer.byShard)
            defer {
                swap(&successors, &buffer.successors)
                swap(&byShard, &buffer.byShard)
            }
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
                guard c < chunks.upperBound else { return }
                let result = work.results[c - chunks.lowerBound]
                var findings = Findings(properties: expansion.properties.count)
                // At the bound no successor is packed: the chunk only notes whether one is new.
                if atBound && !recording { filter = .beyondBound(visited) }
                var edgeKeys: [UInt64] = [], degrees: [UInt16] = []
                if recording { swap(&edgeKeys, &result.edgeKeys); swap(&degrees, &result.degrees) }
                var judged = JudgedFlags(enabled: judging)
                if judging { swap(&judged.states, &result.judged.states); swap(&judged.steps, &result.judged.steps) }
                let firstSuccessor = successors.count
                result.shardStarts.removeAll(keepingCapacity: true)
                for k in byShard.indices { result.shardStarts.append(byShard[k].count) }
                let start = c * chunkSize
                let end = min(start + chunkSize, frontier.count)
                for i in start..<end {
                    expansion.expand(
                        M.Storage.loaded(frontier[i], reusing: &spare, in: expansion.model), stored: frontier[i],
                        node: NodeID(firstNode + i), used: used[i], checkSteps: !atBound, findings: &findings,
                        out: &out, judged: &judged, filter: &filter, actions: &actions, spare: &spare)
                    if atBound {
                        if recording { visited.noteBeyondBound(out, in: &findings) }
                        if filter.sawUnvisited { findings.beyondBound = true }
                        continue
                    }
                    if recording {
                        degrees.append(UInt16(out.count))
                        for s in out { edgeKeys.append(s.key) }
                    }
                    // A successor seen just before by this worker (siblings share many) has an
                    // earlier occurrence in frontier order, in this round, which phase 2 keeps
                    // instead (not counting, `filter` already dropped it).
                    for s in out where !recording || recent.isNew(s.key) {
                        byShard[visited.shard(of: s.key)].append(Int32(successors.count))
                        successors.append(s)
                    }
                }
                work.buffered.add(successors.count - firstSuccessor, ordering: .relaxed)
                result.worker = w
                result.successors = firstSuccessor..<successors.count
                result.shardEnds.removeAll(keepingCapacity: true)
                for k in byShard.indices { result.shardEnds.append(byShard[k].count) }
                result.findings = findings
                result.edgeKeys = edgeKeys
                result.degrees = degrees
                result.judged = judged
                result.done = true
            }
        }
    }

    /// Phase 2: deduplicates the chunks of `results`, each shard by its owner, each in frontier
    /// order (after the rounds before them: rounds go in frontier order).
    private func deduplicate(_ results: ArraySlice<ParallelWork<State>.ChunkResult>) {
        guard let workers = parallelWork?.workers else { return }
        let visited = self.visited, admit = self.admit
        for buffer in workers { buffer.prepareFlags() }
        DispatchQueue.concurrentPerform(iterations: visited.count) { k in
            var keys: [UInt64] = []
            for result in results {
                let buffer = workers[result.worker]
                let flags = buffer.isNew
                let mine = buffer.byShard[k][result.shardStarts[k]..<result.shardEnds[k]]
                buffer.successors.withUnsafeBufferPointer { successors in
                    // In groups, reading each group's slots first so their misses overlap.
                    var g = mine.startIndex
                    while g < mine.endIndex {
                        let groupEnd = min(g + 32, mine.endIndex)
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

    /// Phases 3 and 4: appends the new states of `results` (the committed chunks of a round) to
    /// the next level, in frontier order, with their findings; when counting, every step's
    /// target id, now that the new states have theirs.
    private mutating func commit(
        _ results: ArraySlice<ParallelWork<State>.ChunkResult>, findings: inout Findings, graph: inout SearchGraph
    ) {
        guard let workers = parallelWork?.workers else { return }
        var firstIDs: [Int] = []
        for result in results {
            findings.absorb(result.findings)
            firstIDs.append(graph.count)
            let buffer = workers[result.worker], flags = buffer.isNew
            buffer.successors.withUnsafeBufferPointer { successors in
                for i in result.successors where flags[i] {
                    let s = successors[i]
                    graph.append(parent: s.parent, action: s.action)
                    next.append(s.state)
                    nextUsed.append(s.used)
                }
            }
        }
        guard record != nil else { return }
        let visited = self.visited, chunks = Array(results), ids = firstIDs
        // Each new key is in one chunk only: its slot's id is written once.
        DispatchQueue.concurrentPerform(iterations: chunks.count) { c in
            var id = UInt32(ids[c])
            let result = chunks[c], buffer = workers[result.worker], flags = buffer.isNew
            for i in result.successors where flags[i] {
                visited.setID(buffer.successors[i].key, id)
                id += 1
            }
        }
        DispatchQueue.concurrentPerform(iterations: chunks.count) { c in
            let result = chunks[c]
            var targets: [UInt32] = []
            swap(&targets, &result.edgeIDs)
            targets.reserveCapacity(result.edgeKeys.count)
            for key in result.edgeKeys { targets.append(visited.id(of: key)) }
            swap(&targets, &result.edgeIDs)
        }
        for result in chunks {
            record?.append(targets: result.edgeIDs, degrees: result.degrees)
            record?.judged.states.append(contentsOf: result.judged.states)
            record?.judged.steps.append(contentsOf: result.judged.steps)
        }
    }
}

