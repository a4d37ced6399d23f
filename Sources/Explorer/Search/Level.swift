/// One breadth-first level: the frontier being expanded, the next level being filled, and the
/// visited set they share. `State` is the model's `Stored` form: a packed model's levels hold
/// packed states only.
struct Level<State: Sendable> {
    /// States are checked for limits and Ctrl-C every this many frontier states.
    static var batch: Int { 1024 }

    let visited: VisitedShards
    /// In chunks, freed as the sequential expansion passes them, so the peak holds about the
    /// larger of two levels, not both (issue 10).
    var frontier = ChunkedColumn<State>()
    /// World actions used to reach each frontier state.
    var used = ChunkedColumn<UInt8>()
    var next = ChunkedColumn<State>()
    var nextUsed = ChunkedColumn<UInt8>()
    let threads: Int
    /// Frontier states a parallel round expands at least before deduplicating their successors
    /// and appending the new ones (a multiple of `batch`): what bounds the successors buffered.
    let roundStates: Int
    /// The parallel search's buffers, kept from round to round.
    var parallelWork: ParallelWork<State>?
    /// Set while the level a partition splits is being filled: only the part's own states
    /// enter it (the others are still marked visited, as explored by their owners).
    var admit: SearchPartition?
    /// When counting behaviours: every transition taken, as node ids (the visited set keeps ids).
    var record: TransitionRecord?
    /// With `SearchOptions.spill`: the levels go to disk past its mark.
    var spill: LevelSpill?

    init(threads: Int, record: TransitionRecord? = nil, roundStates: Int = SearchOptions.defaultRoundStates) {
        self.threads = threads
        self.roundStates = max(1, roundStates / Self.batch) * Self.batch
        self.record = record
        // Several shards per thread, handed out as they free up: a worker the scheduler
        // pauses (the machine is shared) does not hold the whole level back.
        visited = VisitedShards(count: threads == 1 ? 1 : min(threads * 4, 256), ids: record != nil)
    }

    /// Makes the next level the frontier.
    mutating func advance() {
        swap(&frontier, &next)
        swap(&used, &nextUsed)
        next.removeAll()
        nextUsed.removeAll()
    }

    /// Expands the whole frontier (node ids `graph.count - frontier.count ..< graph.count` at
    /// entry) into `next`. Returns a stop reason when a limit stops it part-way; `progress`
    /// is called now and then with the number of distinct states.
    mutating func expand<M: Model>(
        _ expansion: Expansion<M>, atBound: Bool, graph: inout SearchGraph, findings: inout Findings,
        limits: Limits, progress: (Int) -> Void
    ) -> SearchStopReason? where M.Storage.Stored == State {
        if threads > 1 {
            return expandInParallel(
                expansion, atBound: atBound, graph: &graph, findings: &findings, limits: limits, progress: progress)
        }
        let firstNode = graph.count - frontier.count
        var out: [Successor<State>] = []
        // Counting: every step is kept, with its target's id.
        var record = self.record
        self.record = nil
        defer { self.record = record }
        var judged = JudgedFlags(enabled: record?.judged.enabled ?? false)
        // Not counting: each new state is inserted as it is reached, in the order the steps are
        // taken, so `out` holds exactly the new states; at the bound, nothing is inserted. A model
        // keeping its states as they are (no packing to save) defers the inserts instead: see
        // `deferring`.
        let deferring = record == nil && !atBound && M.keepsStatesUnpacked
        var filter: SuccessorFilter =
            record != nil ? .all : atBound ? .beyondBound(visited)
            : deferring ? .deferring : .inserting(into: visited, admit: admit)
        // Counting, or deferring: successors of a few states at a time, inserted in the order the
        // steps were taken (the order inserting as they come gives), their table slots prefetched
        // together first so the cache misses overlap. Where a step costs little more than its
        // probe (two-phase commit), one miss at a time was a quarter of the search (issue 34).
        let grouped = record != nil || deferring
        var batch: [Successor<State>] = []
        // Deferring: the group expanded before, prefetched, inserted once the next group is
        // expanded and prefetched, so its slots have had a group's work to arrive (issue 34).
        var pending: [Successor<State>] = []
        var actions: [M.Action] = []
        // The last successor built, kept from state to state: the model builds the next state
        // and its successors in its memory (`PackedModel.loaded(_:reusing:)`).
        var spare: M.State?
        var start = 0
        while start < frontier.count {
            if let reason = limits.reason(distinctStates: graph.count) { return reason }
            progress(graph.count)
            let end = min(start + Self.batch, frontier.count)
            if let reason = spillAndLoad(start..<end, model: expansion.model, graph: &graph) { return reason }
            var i = start
            while i < end {
                let groupEnd = grouped ? min(i + 8, end) : end
                batch.removeAll(keepingCapacity: true)
                for j in i..<groupEnd {
                    let node = NodeID(firstNode + j)
                    if deferring {
                        // Straight into the group's batch, inserted below.
                        expansion.expand(
                            M.Storage.loaded(frontier[j], reusing: &spare, in: expansion.model), stored: frontier[j], node: node,
                            used: used[j], checkSteps: true,
                            findings: &findings, out: &batch, judged: &judged, filter: &filter, actions: &actions,
                            spare: &spare, appending: true)
                        continue
                    }
                    expansion.expand(
                        M.Storage.loaded(frontier[j], reusing: &spare, in: expansion.model), stored: frontier[j], node: node,
                        used: used[j], checkSteps: !atBound, findings: &findings, out: &out, judged: &judged,
                        filter: &filter, actions: &actions, spare: &spare)
                    if atBound {
                        if record != nil { visited.noteBeyondBound(out, in: &findings) }
                        if filter.sawUnvisited { findings.beyondBound = true }
                        continue
                    }
                    if record != nil {
                        record?.degrees.append(UInt16(out.count))
                        batch.append(contentsOf: out)
                        continue
                    }
                    for s in out {
                        graph.append(parent: s.parent, action: s.action)
                        next.append(s.state)
                        nextUsed.append(s.used)
                    }
                }
                if deferring {
                    batch.withUnsafeBufferPointer { visited.prefetch($0) }
                    insertDeferred(pending, graph: &graph)
                    swap(&pending, &batch)
                } else if record != nil {
                    batch.withUnsafeBufferPointer { visited.prefetch($0) }
                    for s in batch {
                        let id = visited.insert(s.key, id: UInt32(graph.count))
                        record?.targets.append(id)
                        if id == UInt32(graph.count) {
                            graph.append(parent: s.parent, action: s.action)
                            next.append(s.state)
                            nextUsed.append(s.used)
                        }
                    }
                }
                i = groupEnd
            }
            // The last group's inserts, before the limits are read again: the same points as
            // inserting group by group.
            if deferring {
                insertDeferred(pending, graph: &graph)
                pending.removeAll(keepingCapacity: true)
            }
            frontier.discard(before: end)
            used.discard(before: end)
            start = end
        }
        record?.judged.states.append(contentsOf: judged.states)
        record?.judged.steps.append(contentsOf: judged.steps)
        return nil
    }

    /// Inserts a deferring expansion's successors in order, appending the new ones to `next`.
    @inline(__always)
    private mutating func insertDeferred(_ batch: [Successor<State>], graph: inout SearchGraph) {
        for s in batch where visited.insert(s.key) && admit?.owns(s.key) != false {
            graph.append(parent: s.parent, action: s.action)
            next.append(s.state)
            nextUsed.append(s.used)
        }
    }
}

/// The limits that stop a search part-way, readable from any worker.
struct Limits: Sendable {
    /// Distinct states asked for: a run stops at the same point with any number of threads.
    let stateLimit: Int?
    let deadline: ContinuousClock.Instant?
    let stop: StopSignal?
    /// Resident bytes past which the search stops (read from the kernel at each batch).
    var memoryLimit: Int? = nil

    func reason(distinctStates: Int) -> SearchStopReason? {
        if atStateLimit(distinctStates) { return .stateLimit }
        return timingReason()
    }

    /// The most states the search numbers (`NodeIDs.cap`; a behaviour count's 32-bit ids:
    /// `NodeIDs.countingCap`): a run that would pass it stops as at a state limit.
    var nodeIDCap = NodeIDs.cap

    /// Whether `distinctStates` is at the limit asked for, or at the node-id cap.
    func atStateLimit(_ distinctStates: Int) -> Bool {
        distinctStates >= min(stateLimit ?? nodeIDCap, nodeIDCap)
    }

    /// The stops that depend on when they are asked (time, signals, memory), not on the search.
    func timingReason() -> SearchStopReason? {
        if let deadline, ContinuousClock.now >= deadline { return .timeLimit }
        if stop?.isRaised == true { return .interrupted }
        if let memoryLimit, let resident = ResidentMemory.current(), resident >= memoryLimit { return .memoryLimit }
        return nil
    }
}
