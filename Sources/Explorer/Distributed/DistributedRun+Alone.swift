extension DistributedRun {
    /// A round of a lone rank (`mpirun -np 1`): every successor is its own, so it fills the next
    /// level as the single process's `Level.expand` does, not through `take`. A packing model's
    /// successors are inserted as they are reached (only the new ones packed); a model keeping
    /// its states unpacked inserts a group's successors once the next group's slots are being
    /// fetched (issue 34). Insertion follows the steps' order, so the first step to a state is
    /// kept: the least (parent, action), as with peers. Returns where the round ended (before
    /// `range`'s end when a signal cut it short, at a multiple of 64 as with peers).
    mutating func expandAlone(
        _ range: Range<Int>, atBound: Bool, into next: inout NextLevel<M.Storage.Stored>, limits: Limits,
        out: inout [Successor<M.Storage.Stored>], pending: inout [Successor<M.Storage.Stored>], judged: inout JudgedFlags,
        filter: inout SuccessorFilter, actions: inout [M.Action], spare: inout M.State?
    ) -> Int {
        let deferring = !atBound && M.keepsStatesUnpacked
        var i = range.lowerBound
        var end = range.upperBound
        while i < end {
            if i > range.lowerBound && i % 64 == 0 && limits.stop?.isRaised == true {
                end = i
                break
            }
            let groupEnd = min(i + 8, end)
            expandGroup(i..<groupEnd, atBound: atBound, out: &out, judged: &judged, filter: &filter, actions: &actions, spare: &spare)
            i = groupEnd
            if atBound {
                // The bound's filter hands out nothing; it notes whether a successor was new.
                if filter.sawUnvisited { findings.beyondBound = true }
            } else if deferring {
                out.withUnsafeBufferPointer { visited.prefetch($0) }
                insertAlone(pending, into: &next)
                swap(&pending, &out)
            } else {
                // The filter inserted them: `out` holds the new states only.
                for s in out { next.append(state: s.state, parent: s.parent, action: s.action, used: s.used) }
            }
        }
        // The last group's inserts, before the round's end is agreed (its count is the level's).
        insertAlone(pending, into: &next)
        pending.removeAll(keepingCapacity: true)
        return end
    }

    /// Inserts a deferring group's successors in order, keeping the new ones.
    @inline(__always)
    mutating func insertAlone(_ group: [Successor<M.Storage.Stored>], into next: inout NextLevel<M.Storage.Stored>) {
        for s in group where visited.insert(s.key) { next.append(state: s.state, parent: s.parent, action: s.action, used: s.used) }
    }
}
