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
    ) -> SearchStopReason? where M.Stored == State {
        let firstNode = graph.count - frontier.count
        let chunkSize = max(64, min(Self.batch * 4, frontier.count / (threads * 8) + 1))
        let chunkCount = (frontier.count + chunkSize - 1) / chunkSize
        if parallelWork == nil { parallelWork = ParallelWork<State>(shards: visited.count) }
        guard let work = parallelWork else { return nil }
        work.reset(chunks: chunkCount, properties: expansion.properties.count)
        let visited = self.visited, admit = self.admit
        let distinctAtStart = graph.count
        progress(graph.count)

        // Phase 1: expand.
        let frontier = self.frontier, used = self.used
        let recording = record != nil, judging = record?.judged.enabled ?? false
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var out: [Successor<State>] = []
            var recent = RecentKeys()
            while true {
                if work.stopReason.load(ordering: .relaxed) != 0 { return }
                let c = work.nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < chunkCount else { return }
                let pending = atBound ? 0 : work.buffered.load(ordering: .relaxed)
                if let reason = limits.reason(distinctStates: distinctAtStart + pending) {
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
        // Findings of every expanded chunk count, in frontier order, even when stopping early.
        for result in work.results where result.done { findings.absorb(result.findings) }
        if let reason = work.reason { return reason }
        if atBound {
            for result in work.results { record?.judged.states.append(contentsOf: result.judged.states) }
            return nil
        }
        progress(graph.count)
        // The frontier is not read again: its chunks go before phases 2 and 3 fill the next level.
        self.frontier.removeAll()
        self.used.removeAll()

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
                            let key = successors[Int(mine[j])].key
                            flags[Int(mine[j])] = visited.insert(key, shard: k) && admit?.owns(key) != false
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
        let results = work.results, chunkOffsets = offsets
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
        return nil
    }
}
