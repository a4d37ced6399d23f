extension DistributedRun {
    /// Numbers the level just filled and makes it the frontier. A new state's id is its rank in
    /// (parent, action) order over every rank, the order the sequential search inserts in: the
    /// parents' id range is split in one block per rank, each block's rank sorts the pairs it
    /// receives, and the ranks' counts give each block its first id.
    mutating func advance(to next: NextLevel<M.Storage.Stored>, total: Int) throws(FabricEnded) {
        var requests = Array(repeating: WireWriter(), count: ranks)
        var sent = Array(repeating: [Int](), count: ranks)
        for i in 0..<next.count {
            let block = Int(UInt64(Int(next.parents[i]) - levelStart) * UInt64(ranks) / UInt64(levelCount))
            requests[block].put(next.parents[i])
            requests[block].put(next.actions[i])
            sent[block].append(i)
        }
        let received = try fabric.exchange(requests.map(\.bytes))
        bytesSent += received.indices.reduce(0) { $1 == me ? $0 : $0 + requests[$1].bytes.count }
        var pairs: [(parent: UInt32, action: UInt16, source: Int, index: Int)] = []
        do {
            for (source, batch) in received.enumerated() {
                var reader = WireReader(batch)
                var index = 0
                while !reader.atEnd {
                    pairs.append((try reader.get(UInt32.self), try reader.get(UInt16.self), source, index))
                    index += 1
                }
            }
        } catch {
            throw FabricEnded(reason: Self.unreadable)
        }
        pairs.sort { ($0.parent, $0.action) < ($1.parent, $1.action) }
        var mine = Array(repeating: UInt64(0), count: ranks)
        mine[me] = UInt64(pairs.count)
        let counts = try fabric.reduce(mine, .sum)
        let first = distinct + Int(counts[..<me].reduce(0, +))
        var ids = received.map { batch in Array(repeating: UInt32(0), count: batch.count / 6) }
        for (position, pair) in pairs.enumerated() { ids[pair.source][pair.index] = UInt32(first + position) }
        var replies = Array(repeating: WireWriter(), count: ranks)
        for (source, list) in ids.enumerated() { for id in list { replies[source].put(id) } }
        let answers = try fabric.exchange(replies.map(\.bytes))
        bytesSent += answers.indices.reduce(0) { $1 == me ? $0 : $0 + replies[$1].bytes.count }
        var nextIDs = Array(repeating: UInt32(0), count: next.count)
        do {
            for (block, batch) in answers.enumerated() {
                var reader = WireReader(batch)
                for i in sent[block] { nextIDs[i] = try reader.get(UInt32.self) }
            }
        } catch {
            throw FabricEnded(reason: Self.unreadable)
        }
        frontier = FrontierColumn()
        for i in next.states.indices.sorted(by: { nextIDs[$0] < nextIDs[$1] }) {
            frontier.append(id: nextIDs[i], state: next.states[i], used: next.used[i])
            nodeIDs.append(nextIDs[i])
            parents.append(next.parents[i])
            actionIndices.append(next.actions[i])
        }
        levelStart = distinct
        levelCount = total
        distinct += total
        if total > 0 { depth += 1 }
    }

    /// The parent and action index of node `id` if this rank holds it.
    func link(of id: UInt32) -> (parent: UInt32, action: UInt16)? {
        var (low, high) = (0, nodeIDs.count)
        while low < high {
            let mid = (low + high) / 2
            if nodeIDs[mid] < id { low = mid + 1 } else { high = mid }
        }
        guard low < nodeIDs.count, nodeIDs[low] == id else { return nil }
        return (parents[low], actionIndices[low])
    }

    /// Rebuilds the paths to `targets` across owners: each step back asks every rank at once
    /// for the links of the nodes reached so far; the one holding each node answers.
    mutating func walkBack(_ targets: [UInt32]) throws(FabricEnded) {
        var current = targets
        var steps = Array(repeating: [UInt16](), count: targets.count)
        var done = Array(repeating: false, count: targets.count)
        while done.contains(false) {
            var words = Array(repeating: UInt64(0), count: 2 * targets.count)
            for q in targets.indices where !done[q] {
                if let (parent, action) = link(of: current[q]) {
                    words[2 * q] = UInt64(parent) + 1
                    words[2 * q + 1] = UInt64(action)
                }
            }
            let answers = try fabric.reduce(words, .sum)
            for q in targets.indices where !done[q] {
                guard answers[2 * q] > 0 else { throw FabricEnded(reason: "no rank holds node \(current[q])") }
                let parent = UInt32(truncatingIfNeeded: answers[2 * q] - 1)
                let action = UInt16(truncatingIfNeeded: answers[2 * q + 1])
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
