import Foundation

extension DistributedRun {
    /// Writes this rank's checkpoint of the level just numbered when any rank finds one due
    /// (`interval` seconds since the last), and once every rank has written it, removes this
    /// rank's older ones: a kill at any point leaves a level every rank holds. Returns the line
    /// of a checkpoint not written (the search goes on without it).
    mutating func checkpointIfDue(seconds: Double, lastWritten: inout Double) throws(FabricEnded) -> String? {
        guard let checkpointing = search.options.checkpoint else { return nil }
        let due: UInt64 = seconds - lastWritten >= checkpointing.interval ? 1 : 0
        guard try fabric.reduce([due], .max)[0] == 1 else { return nil }
        lastWritten = seconds
        let path = RankCheckpoint.path(prefix: checkpointing.path, rank: me, ranks: ranks, level: depth)
        var problem: String?
        do {
            try AtomicFile.write(snapshot(seconds: seconds).encoded(), to: path)
        } catch {
            problem = CheckpointError.cannotWrite(path).description
        }
        // Every rank says so when one could not write: rank 0 prints the line.
        guard try fabric.reduce([problem == nil ? 1 : 0], .min)[0] == 1 else {
            return problem ?? "\(checkpointing.path).rank-*-of-\(ranks).level-\(depth).checkpoint: a rank could not write its checkpoint"
        }
        for file in RankCheckpoint.files(prefix: checkpointing.path) where file.rank == me && file.ranks == ranks && file.level != depth {
            unlink(file.path)
        }
        return nil
    }

    /// This rank at the level boundary, as its checkpoint holds it.
    func snapshot(seconds: Double) -> RankCheckpoint {
        var keys: [UInt64] = []
        keys.reserveCapacity(inserted)
        visited.forEachKey { keys.append($0) }
        // The states as one batch of a fresh two-rank wire: whatever the next process interns,
        // it reads them as a peer's (the fleet's parts cross with their bytes).
        let scratch = StateWire(model: search.model, ranks: 2)
        var body: [UInt8] = []
        for j in 0..<frontier.count { scratch.put(frontier.states[j], to: 1, into: &body) }
        let sums = [agreed.transitions, agreed.beyondBound ? 1 : 0, agreed.cutStates, agreed.expansions, agreed.bytesSent, agreed.visitedBytes]
        return RankCheckpoint(
            identity: SearchCheckpoint.identity(search.model, search.options), ranks: ranks, rank: me, depth: depth,
            seconds: seconds, distinct: distinct, levelStart: levelStart, levelCount: levelCount, inserted: inserted,
            expansions: expansions, bytesSent: bytesSent, agreedSums: sums.map { UInt64($0) }, agreedCut: agreed.cut,
            findings: findings, agreedViolation: agreedViolation, agreedWitness: agreedWitness,
            paths: paths.keys.sorted().compactMap { node in paths[node].map { (node, $0) } }, nodeIDs: nodeIDs,
            parents: parents, actionIndices: actionIndices.array, keys: keys, frontierIDs: frontier.ids, frontierUsed: frontier.used,
            frontierStates: scratch.header(to: 1) + body)
    }

    /// Resumes from the last level every rank checkpointed: the seconds the run had taken then,
    /// or nil when the search starts afresh (no checkpoint, or ranks whose checkpoints do not
    /// make one level: `checkpointNote` says so).
    mutating func resume() throws(FabricEnded) -> Double? {
        guard let checkpointing = search.options.checkpoint else { return nil }
        RankCheckpoint.sweep(prefix: checkpointing.path, rank: me, ranks: ranks)
        let mine = RankCheckpoint.files(prefix: checkpointing.path).filter { $0.rank == me && $0.ranks == ranks }
        // The least over the ranks of each one's last level (0: a rank has none).
        let top = try fabric.reduce([mine.map { UInt64($0.level) + 1 }.max() ?? 0], .min)[0]
        let any = try fabric.reduce([mine.isEmpty ? 0 : 1], .max)[0]
        guard top > 0 else {
            if any > 0 { checkpointNote = "\(checkpointing.path).rank-*: some ranks have no checkpoint" }
            return nil
        }
        let level = Int(top - 1)
        var loaded: (RankCheckpoint, [M.Storage.Stored])?
        if let file = mine.first(where: { $0.level == level }) {
            loaded = try? load(file.path)
        }
        guard try fabric.reduce([loaded == nil ? 0 : 1], .min)[0] == 1, let (c, states) = loaded else {
            checkpointNote = "\(checkpointing.path).rank-*: not every rank could read its checkpoint of level \(level)"
            return nil
        }
        depth = c.depth
        distinct = c.distinct
        levelStart = c.levelStart
        levelCount = c.levelCount
        inserted = c.inserted
        expansions = c.expansions
        bytesSent = c.bytesSent
        let s = c.agreedSums.map { Int($0) }
        agreed = Agreed(
            transitions: s[0], beyondBound: s[1] > 0, cutStates: s[2], cut: c.agreedCut, expansions: s[3], bytesSent: s[4],
            visitedBytes: s[5])
        findings = c.findings
        agreedViolation = c.agreedViolation
        agreedWitness = c.agreedWitness
        paths = Dictionary(c.paths.map { ($0.node, $0.path) }, uniquingKeysWith: { a, _ in a })
        nodeIDs = c.nodeIDs
        parents = c.parents
        actionIndices = ChunkedColumn()
        actionIndices.append(contentsOf: c.actionIndices)
        // Every key is of an earlier level than the one being filled: any place below `inserted`.
        for key in c.keys {
            if ranks == 1 { _ = visited.insert(key) } else { _ = visited.insert(key, id: 0) }
        }
        for (i, state) in states.enumerated() { frontier.append(id: c.frontierIDs[i], state: state, used: c.frontierUsed[i]) }
        resumedLevel = level
        return c.seconds
    }

    /// The checkpoint at `path` and its frontier's states, decoded; an error when it is not whole.
    func load(_ path: String) throws -> (RankCheckpoint, [M.Storage.Stored]) {
        let c = try RankCheckpoint.read(
            path: path, identity: SearchCheckpoint.identity(search.model, search.options), rank: me, ranks: ranks,
            properties: expansion.properties.count)
        let scratch = StateWire(model: search.model, ranks: 2)
        let batch = c.frontierStates
        var states: [M.Storage.Stored] = []
        states.reserveCapacity(c.frontierIDs.count)
        let whole = batch.withUnsafeBytes { raw -> Bool in
            var offset = 0
            do throws(WireReader.Short) {
                try scratch.learn(from: 0, batch, at: &offset)
                for _ in c.frontierIDs {
                    guard let state = scratch.state(try scratch.next(batch, raw, at: &offset, from: 0), from: 0) else { return false }
                    states.append(state)
                }
                return offset == raw.count
            } catch {
                return false
            }
        }
        guard whole else { throw CheckpointError.damaged(path, "a frontier state this model cannot read") }
        // The paths to agreed findings become counterexamples: each must replay in this model.
        let initials = search.model.initialStates()
        for (node, found) in c.paths {
            guard initials.indices.contains(found.initial) else { throw CheckpointError.damaged(path, "the path to node \(node)") }
            var state = initials[found.initial]
            for i in found.actions {
                let actions = search.model.actions(in: state)
                guard actions.indices.contains(Int(i)), let next = search.model.next(state, actions[Int(i)]) else {
                    throw CheckpointError.damaged(path, "the path to node \(node) does not replay")
                }
                state = next
            }
        }
        return (c, states)
    }

    /// Removes this rank's checkpoints: the search covered its bounds, a rerun starts afresh.
    func removeCheckpoints() {
        guard let checkpointing = search.options.checkpoint else { return }
        for file in RankCheckpoint.files(prefix: checkpointing.path) where file.rank == me && file.ranks == ranks { unlink(file.path) }
    }
}

extension DistributedSearch {
    /// Why this rank's checkpoint files cannot be resumed from (damaged, of another run or
    /// another number of ranks), checked before the search starts; nil when they can or there
    /// are none.
    public func checkpointError() -> CheckpointError? {
        guard let checkpointing = options.checkpoint else { return nil }
        let files = RankCheckpoint.files(prefix: checkpointing.path)
        if let other = files.first(where: { $0.ranks != fabric.size }) {
            return CheckpointError(description: "\(other.path): a checkpoint of a job of \(other.ranks) ranks, this one has \(fabric.size); remove it to start afresh")
        }
        let run = DistributedRun(search: self)
        for file in files where file.rank == fabric.rank {
            do {
                _ = try run.load(file.path)
            } catch let error as CheckpointError {
                return error
            } catch {
                return .unreadable(file.path)
            }
        }
        return nil
    }
}
