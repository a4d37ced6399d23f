import Foundation

extension BreadthFirstSearch {
    /// Why this search's checkpoint file cannot be resumed from (another run's, or damaged);
    /// nil when there is none or it fits. Commands call this first to refuse with one line.
    public func checkpointError() -> CheckpointError? {
        guard let checkpoint = options.checkpoint else { return nil }
        do {
            _ = try SearchCheckpoint.read(
                path: checkpoint.path, identity: SearchCheckpoint.identity(model, options),
                properties: model.properties.count)
            return nil
        } catch let error as CheckpointError {
            return error
        } catch {
            return CheckpointError.unreadable(checkpoint.path)
        }
    }

    /// Loads the checkpoint, if there is one that fits, into the empty search structures.
    func resume(
        level: inout Level<M.Stored>, graph: inout SearchGraph, findings: inout Findings, depth: inout Int,
        seconds: inout Double
    ) -> Bool {
        guard let checkpoint = options.checkpoint,
            let saved = try? SearchCheckpoint.read(
                path: checkpoint.path, identity: SearchCheckpoint.identity(model, options),
                properties: model.properties.count)
        else { return false }
        graph.append(parents: saved.parents, actions: saved.actions)
        for key in saved.keys { _ = level.visited.insert(key) }
        let first = graph.count - saved.frontierUsed.count
        for (i, used) in saved.frontierUsed.enumerated() {
            guard let state = graph.state(model, of: UInt32(first + i)) else { return false }
            level.frontier.append(model.stored(state))
            level.used.append(used)
        }
        findings = saved.findings
        depth = saved.depth
        seconds = saved.seconds
        return true
    }

    /// Writes the checkpoint at a level boundary when the interval has passed since the last.
    func checkpointIfDue(
        level: Level<M.Stored>, graph: SearchGraph, findings: Findings, depth: Int, seconds: Double,
        last: inout ContinuousClock.Instant
    ) {
        guard let checkpoint = options.checkpoint, !level.frontier.isEmpty,
            last.duration(to: .now).seconds >= checkpoint.interval
        else { return }
        var keys: [UInt64] = []
        keys.reserveCapacity(level.visited.storedCount)
        level.visited.forEachKey { keys.append($0) }
        let saved = SearchCheckpoint(
            identity: SearchCheckpoint.identity(model, options), depth: depth, seconds: seconds,
            parents: graph.parents, actions: graph.actionIndices, frontierUsed: level.used.array, keys: keys,
            findings: findings)
        // A checkpoint that cannot be written costs only the resume; the search goes on.
        try? saved.write(path: checkpoint.path)
        last = .now
    }
}

extension BreadthFirstSearch {
    /// A search that ran to its end removes its checkpoint (the next run starts afresh); one
    /// stopped by a limit or a signal keeps it to resume from.
    func finishCheckpoint(_ stop: SearchStopReason) {
        guard let checkpoint = options.checkpoint else { return }
        switch stop {
        case .exhausted, .depthBound, .firstViolation: try? FileManager.default.removeItem(atPath: checkpoint.path)
        case .stateLimit, .timeLimit, .interrupted, .memoryLimit: break
        }
    }
}

extension SearchGraph {
    /// The state of `node`, rebuilt by replaying its path; nil if the path no longer replays.
    func state<M: Model>(_ model: M, of node: UInt32) -> M.State? {
        let (initial, indices) = path(to: node)
        let initials = model.initialStates()
        guard initials.indices.contains(initial) else { return nil }
        var state = initials[initial]
        for i in indices {
            let actions = model.actions(in: state)
            guard actions.indices.contains(Int(i)), let next = model.next(state, actions[Int(i)]) else { return nil }
            state = next
        }
        return state
    }
}
