import Foundation

/// A checkpoint loaded whole and checked against the model: what the search swaps in.
struct ResumePoint<Stored: Sendable> {
    var level: Level<Stored>
    var graph: SearchGraph
    var findings: Findings
    var depth: Int
    var seconds: Double
}

extension BreadthFirstSearch {
    /// Why this search's checkpoint file cannot be resumed from (another run's, or damaged);
    /// nil when there is none or it fits. Commands call this first to refuse with one line.
    /// It checks what the file alone can say; `run` also replays the frontier's paths, and
    /// starts afresh (leaving the file alone) if they no longer replay.
    public func checkpointError() -> CheckpointError? {
        guard let checkpoint = options.checkpoint else { return nil }
        do {
            _ = try SearchCheckpoint.read(
                path: checkpoint.path, identity: SearchCheckpoint.identity(model, options),
                properties: model.properties.count)
            return nil
        } catch {
            return error
        }
    }

    /// The checkpoint, if there is one, loaded into fresh structures and checked against the
    /// model (every frontier path replays to its depth, with its world actions and its key in
    /// the visited set; every finding's path replays); nil when there is none. The search
    /// swaps it in only when it is whole: nothing is half-loaded.
    func loadCheckpoint(threads: Int, roundStates: Int) throws(CheckpointError) -> ResumePoint<M.Storage.Stored>? {
        guard let checkpoint = options.checkpoint,
            let saved = try SearchCheckpoint.read(
                path: checkpoint.path, identity: SearchCheckpoint.identity(model, options),
                properties: model.properties.count)
        else { return nil }
        let path = checkpoint.path
        var graph = SearchGraph()
        graph.append(parents: saved.parents, actions: saved.actions)
        let expansion = Expansion(model: model, worldBudget: options.worldBudget, symmetry: options.symmetry)
        var level = Level<M.Storage.Stored>(threads: threads, roundStates: roundStates)
        for key in saved.keys {
            guard level.visited.insert(key) else { throw .damaged(path, "a visited key twice") }
        }
        let first = graph.count - saved.frontierUsed.count
        for (i, used) in saved.frontierUsed.enumerated() {
            guard let (state, steps, world) = graph.replay(model, to: NodeID(first + i)) else {
                throw .damaged(path, "frontier node \(first + i) does not replay")
            }
            // The search counts world actions in a byte (it wraps past 255 when there is no budget).
            guard steps == saved.depth, UInt8(truncatingIfNeeded: world) == used, options.worldBudget.map({ world <= $0 }) ?? true else {
                throw .damaged(path, "frontier node \(first + i) is not at depth \(saved.depth) with \(used) world actions")
            }
            // Already there: inserting a key the set holds changes nothing.
            guard !level.visited.insert(expansion.key(state, used: used)) else {
                throw .damaged(path, "frontier node \(first + i) is not among the visited keys")
            }
            level.frontier.append(M.Storage.stored(state, in: model))
            level.used.append(used)
        }
        for p in saved.findings.violation.indices {
            switch saved.findings.violation[p] {
            case .state(let node)?:
                guard graph.replay(model, to: node) != nil else { throw .damaged(path, "a violation's path does not replay") }
            case .step(let node, let action)?:
                guard let (state, _, _) = graph.replay(model, to: node), model.actions(in: state).indices.contains(Int(action)),
                    model.next(state, model.actions(in: state)[Int(action)]) != nil
                else { throw .damaged(path, "a violation's step does not replay") }
            case nil:
                break
            }
            if let node = saved.findings.witness[p], graph.replay(model, to: node) == nil {
                throw .damaged(path, "a witness's path does not replay")
            }
        }
        return ResumePoint(level: level, graph: graph, findings: saved.findings, depth: saved.depth, seconds: saved.seconds)
    }

    /// Writes the checkpoint at a level boundary when the interval has passed since the last;
    /// returns the error when it cannot be written (the search goes on; the caller says so).
    func checkpointIfDue(
        level: Level<M.Storage.Stored>, graph: SearchGraph, findings: Findings, depth: Int, seconds: Double,
        last: inout ContinuousClock.Instant
    ) -> CheckpointError? {
        guard let checkpoint = options.checkpoint, !level.frontier.isEmpty,
            last.duration(to: .now).seconds >= checkpoint.interval
        else { return nil }
        var keys: [UInt64] = []
        keys.reserveCapacity(level.visited.storedCount)
        level.visited.forEachKey { keys.append($0) }
        let saved = SearchCheckpoint(
            identity: SearchCheckpoint.identity(model, options), depth: depth, seconds: seconds,
            parents: graph.parents, actions: graph.actionIndices, frontierUsed: level.used.array, keys: keys,
            findings: findings)
        last = .now
        do {
            try saved.write(path: checkpoint.path)
            return nil
        } catch {
            return error
        }
    }
}

extension BreadthFirstSearch {
    /// A search that ran to its end removes its checkpoint (the next run starts afresh); one
    /// stopped by a limit or a signal keeps it to resume from.
    func finishCheckpoint(_ stop: SearchStopReason) {
        guard let checkpoint = options.checkpoint else { return }
        switch stop {
        case .exhausted, .depthBound, .firstViolation: try? FileManager.default.removeItem(atPath: checkpoint.path)
        case .stateLimit, .timeLimit, .interrupted, .memoryLimit, .spillFailed: break
        }
    }
}

extension SearchGraph {
    /// The state of `node`, rebuilt by replaying its path; nil if the path no longer replays.
    func state<M: Model>(_ model: M, of node: NodeID) -> M.State? { replay(model, to: node)?.state }

    /// The state of `node` with its path's length and world actions; nil if `node` is past the
    /// graph or its path no longer replays.
    func replay<M: Model>(_ model: M, to node: NodeID) -> (state: M.State, steps: Int, world: Int)? {
        guard Int(node) < count else { return nil }
        let (initial, indices) = path(to: node)
        let initials = model.initialStates()
        guard initials.indices.contains(initial) else { return nil }
        var state = initials[initial]
        var world = 0
        for i in indices {
            let actions = model.actions(in: state)
            guard actions.indices.contains(Int(i)), let next = model.next(state, actions[Int(i)]) else { return nil }
            if model.kind(of: actions[Int(i)]) == .world { world += 1 }
            state = next
        }
        return (state, indices.count, world)
    }
}
