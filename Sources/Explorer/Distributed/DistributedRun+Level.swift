extension DistributedRun {
    /// Numbers the level just filled and makes it the frontier. A new state's id is its rank in
    /// (parent, action) order over every rank, the order the sequential search inserts in: the
    /// parents' id range is split in one block per rank, each block's rank sorts the pairs it
    /// receives, and the ranks' counts give each block its first id.
    ///
    /// Each rank sorts its new states by (parent, action) first, so its requests to a block are
    /// in order and go as varint deltas (about two bytes a state), and the block's answers, the
    /// ids in that order, rise: varint deltas too (about one byte). One rank numbers its level
    /// as it stands: its states arrived in node order, the first step to each kept.
    mutating func advance(to next: consuming NextLevel<M.Storage.Stored>, total: Int) throws(FabricEnded) {
        // Once the rank spills, the level expanded is done with: its file holds the next one.
        let levelSpill = frontier.spill
        levelSpill?.reset()
        if ranks == 1 {
            // In the order inserted, which is id order: the level's columns become the frontier
            // as they are (its states' chunks not copied) and its links join the run's.
            let first = NodeID(idBase + distinct)
            let ids = (0..<next.count).map { first + NodeID($0) }
            nodeIDs.append(contentsOf: ids)
            parents.append(contentsOf: next.parents)
            actionIndices.append(contentsOf: next.actions)
            frontier = FrontierColumn(ids: ids, states: next.states, used: next.used)
        } else {
            var nextIDs = Array(repeating: NodeID(0), count: next.count)
            let order = levelOrder(parents: next.parents, actions: next.actions)
            try number(next, order: order, into: &nextIDs)
            // `order` is id order: ids rise with (parent, action). Each column gathered whole
            // (`map`), not appended to a state at a time (a uniqueness check per append). The
            // links' arrays grow by doubling: reserving each level's exact need copied them
            // whole at every level (memcpy, 0.17 G instructions a rank of two-phase commit 8).
            let ids = order.map { nextIDs[$0] }
            let (levelParents, levelActions, levelUsed) = (next.parents, next.actions, next.used)
            var states = ChunkedColumn<M.Storage.Stored>()
            states.spill = levelSpill
            for i in order { states.append(next.states[i]) }
            nodeIDs.append(contentsOf: ids)
            parents.append(contentsOf: order.map { levelParents[$0] })
            actionIndices.append(contentsOf: order.map { levelActions[$0] })
            frontier = FrontierColumn(ids: ids, states: states, used: order.map { levelUsed[$0] })
        }
        if let levelSpill {
            frontier.spill(to: levelSpill)
            spill?.options.written?(levelSpill.file, "frontier")
        }
        inserted += next.count
        levelStart = distinct
        levelCount = total
        distinct += total
        if total > 0 { depth += 1 }
    }

    /// The ids of the new states of several ranks (`order`: this rank's in (parent, action) order).
    mutating func number(_ next: NextLevel<M.Storage.Stored>, order: [Int], into nextIDs: inout [NodeID]) throws(FabricEnded) {
        // Blocks are ranges of parents, so in `order` each block's requests are one stretch:
        // block b's parents are those below levelStart + ceil((b + 1) * levelCount / ranks).
        var requests = Array(repeating: [UInt8](), count: ranks)
        var stretch = Array(repeating: 0, count: ranks + 1)
        // Each source's pairs in order, as parent << 16 | action; this rank's own block's taken
        // as they are, not encoded and read back.
        var lists = Array(repeating: [UInt64](), count: ranks)
        var k = 0
        for block in 0..<ranks {
            stretch[block] = k
            let limit = UInt64(idBase + levelStart) + (UInt64(block + 1) * UInt64(levelCount) + UInt64(ranks) - 1) / UInt64(ranks)
            if block == me {
                var pairs: [UInt64] = []
                while k < order.count {
                    let i = order[k]
                    guard UInt64(next.parents[i]) < limit else { break }
                    pairs.append(UInt64(next.parents[i]) << 16 | UInt64(next.actions[i]))
                    k += 1
                }
                lists[me] = pairs
                continue
            }
            var bytes: [UInt8] = []
            var last: NodeID = 0
            while k < order.count {
                let i = order[k]
                let parent = next.parents[i]
                guard parent < limit else { break }
                Varint.put(parent - last, into: &bytes)
                Varint.put(UInt64(next.actions[i]), into: &bytes)
                last = parent
                k += 1
            }
            requests[block] = bytes
        }
        precondition(k == order.count, "a new state's parent outside the level expanded")
        stretch[ranks] = k
        let received = try fabric.exchange(requests)
        bytesSent += received.indices.reduce(0) { $1 == me ? $0 : $0 + requests[$1].count }
        // Merged over the sources, ties (never: a pair is one step) by source.
        for (source, batch) in received.enumerated() where source != me {
            var pairs: [UInt64] = []
            let ok = batch.withUnsafeBytes { raw -> Bool in
                var offset = 0
                var parent: NodeID = 0
                while offset < raw.count {
                    guard let d = Varint.get(raw, at: &offset), let a = Varint.get(raw, at: &offset),
                        let p = NodeIDs.add(parent, d), p < NodeIDs.root, let action = UInt16(exactly: a)
                    else { return false }
                    parent = p
                    pairs.append(UInt64(p) << 16 | UInt64(action))
                }
                return true
            }
            guard ok else { throw FabricEnded(reason: Self.unreadable) }
            lists[source] = pairs
        }
        var mine = Array(repeating: UInt64(0), count: ranks)
        mine[me] = UInt64(lists.reduce(0) { $0 + $1.count })
        let counts = try fabric.reduce(mine, .sum)
        var id = NodeID(idBase + distinct) + counts[..<me].reduce(0, +)
        var replies = Array(repeating: [UInt8](), count: ranks)
        var lastID = Array(repeating: NodeID(0), count: ranks)
        var heads = Array(repeating: 0, count: ranks)
        var ownIDs: [NodeID] = []
        ownIDs.reserveCapacity(lists[me].count)
        while true {
            var best = -1
            var least = UInt64.max
            for r in 0..<ranks where heads[r] < lists[r].count && (best < 0 || lists[r][heads[r]] < least) {
                best = r
                least = lists[r][heads[r]]
            }
            guard best >= 0 else { break }
            if best == me {
                ownIDs.append(id)
            } else {
                Varint.put(id - lastID[best], into: &replies[best])
                lastID[best] = id
            }
            heads[best] += 1
            id += 1
        }
        let answers = try fabric.exchange(replies)
        bytesSent += answers.indices.reduce(0) { $1 == me ? $0 : $0 + replies[$1].count }
        for (j, k) in (stretch[me]..<stretch[me + 1]).enumerated() { nextIDs[order[k]] = ownIDs[j] }
        for (block, batch) in answers.enumerated() where block != me {
            let ok = batch.withUnsafeBytes { raw -> Bool in
                var offset = 0
                var id: NodeID = 0
                for k in stretch[block]..<stretch[block + 1] {
                    guard let d = Varint.get(raw, at: &offset), let next = NodeIDs.add(id, d), next < NodeIDs.root else { return false }
                    id = next
                    nextIDs[order[k]] = id
                }
                return offset == raw.count
            }
            guard ok else { throw FabricEnded(reason: Self.unreadable) }
        }
    }

    /// The parent and action index of node `id` if this rank holds it. Links on disk are read
    /// back a chunk at a time as the search reaches them (and stay in memory: a walk back reads
    /// few); `unreadable` is set when one cannot be read back whole and as written.
    mutating func link(of id: NodeID, unreadable: inout Bool) -> (parent: NodeID, action: UInt16)? {
        var (low, high) = (0, nodeIDs.count)
        while low < high {
            let mid = (low + high) / 2
            guard nodeIDs.load(mid..<(mid + 1)) else {
                unreadable = true
                return nil
            }
            if nodeIDs[mid] < id { low = mid + 1 } else { high = mid }
        }
        guard low < nodeIDs.count else { return nil }
        guard nodeIDs.load(low..<(low + 1)), parents.load(low..<(low + 1)), actionIndices.load(low..<(low + 1)) else {
            unreadable = true
            return nil
        }
        guard nodeIDs[low] == id else { return nil }
        return (parents[low], actionIndices[low])
    }

    /// Rebuilds the paths to `targets` across owners: each step back asks every rank at once
    /// for the links of the nodes reached so far; the one holding each node answers.
    mutating func walkBack(_ targets: [NodeID]) throws(FabricEnded) {
        var current = targets
        var steps = Array(repeating: [UInt16](), count: targets.count)
        var done = Array(repeating: false, count: targets.count)
        while done.contains(false) {
            // The last word: ranks whose links on disk could not be read back.
            var words = Array(repeating: UInt64(0), count: 2 * targets.count + 1)
            var unreadable = false
            for q in targets.indices where !done[q] {
                if let (parent, action) = link(of: current[q], unreadable: &unreadable) {
                    words[2 * q] = UInt64(parent) + 1
                    words[2 * q + 1] = UInt64(action)
                }
            }
            words[2 * targets.count] = unreadable ? 1 : 0
            let answers = try fabric.reduce(words, .sum)
            if answers[2 * targets.count] > 0 { throw FabricEnded(reason: Self.linksUnreadable) }
            for q in targets.indices where !done[q] {
                guard answers[2 * q] > 0 else { throw FabricEnded(reason: "no rank holds node \(current[q])") }
                // One rank answers each: the sums are its link (a larger one is no link).
                let parent = answers[2 * q] - 1
                guard parent <= NodeIDs.root, let action = UInt16(exactly: answers[2 * q + 1]) else {
                    throw FabricEnded(reason: Self.unreadable)
                }
                if parent == SearchGraph.root {
                    paths[targets[q]] = DistributedPath(initial: Int(action), actions: steps[q].reversed())
                    done[q] = true
                } else {
                    steps[q].append(action)
                    current[q] = parent
                }
            }
        }
    }
}

/// The initial-state index and action indices from it to a node.
struct DistributedPath {
    var initial: Int
    var actions: [UInt16]
}

/// The indices of a level's new states in (parent, action) order, the order the sequential
/// search numbers them in. A free function: a generic method that sorts is left unspecialized
/// by cross-module optimization, and so was everything `advance` did per state (issue 52).
func levelOrder(parents: [NodeID], actions: [UInt16]) -> [Int] {
    precondition(parents.count == actions.count, "a level's columns differ in length")
    guard let first = parents.first else { return [] }
    // A step is one (parent, action): the pairs are distinct, so the order is total. When the
    // parent's offset in the level, the action and the index fit one word together (two-phase
    // commit 8: 40 bits at most), the words are radix sorted: a merge sort of (pair, index)
    // tuples cost about 250 instructions a state, the arrivals being far from sorted.
    var (low, high, most) = (first, first, UInt16(0))
    for p in parents {
        low = min(low, p)
        high = max(high, p)
    }
    for a in actions { most = max(most, a) }
    let actionBits = UInt64.bitWidth - UInt64(most).leadingZeroBitCount
    let indexBits = UInt64.bitWidth - UInt64(parents.count - 1).leadingZeroBitCount
    let parentBits = UInt64.bitWidth - UInt64(high - low).leadingZeroBitCount
    guard parentBits + actionBits + indexBits <= UInt64.bitWidth else {
        var keyed = parents.indices.map { (key: UInt64(parents[$0]) << 16 | UInt64(actions[$0]), index: $0) }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.index)
    }
    let indexMask = UInt64(1) << indexBits &- 1
    var words = parents.indices.map {
        (UInt64(parents[$0] - low) << actionBits | UInt64(actions[$0])) << indexBits | UInt64($0)
    }
    radixSort(&words, bits: parentBits + actionBits + indexBits)
    return words.map { Int(truncatingIfNeeded: $0 & indexMask) }
}

/// Sorts `words`, whose bits from `bits` up are zero, by 11-bit digits from the least
/// significant: a count and a scatter a digit (4 passes for 40 bits).
func radixSort(_ words: inout [UInt64], bits: Int) {
    guard words.count > 1 else { return }
    let digitBits = 11
    let mask = UInt64(1 << digitBits - 1)
    var other = [UInt64](repeating: 0, count: words.count)
    var starts = [Int](repeating: 0, count: 1 << digitBits)
    var shift = 0
    while shift < bits {
        let by = UInt64(shift)
        words.withUnsafeBufferPointer { from in
            other.withUnsafeMutableBufferPointer { to in
                starts.withUnsafeMutableBufferPointer { start in
                    start.update(repeating: 0)
                    for w in from { start[Int(truncatingIfNeeded: w >> by & mask)] += 1 }
                    var sum = 0
                    for b in start.indices {
                        let n = start[b]
                        start[b] = sum
                        sum += n
                    }
                    for w in from {
                        let b = Int(truncatingIfNeeded: w >> by & mask)
                        to[start[b]] = w
                        start[b] += 1
                    }
                }
            }
        }
        swap(&words, &other)
        shift += digitBits
    }
}
