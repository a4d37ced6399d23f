import Foundation

/// Exhaustive breadth-first search to a depth bound and a world-action budget.
///
///     let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3)).run()
///     report.distinctStates  // 288
///
/// Levels are expanded in order, so the first violation of a property is a shortest one.
/// With `threads > 1` each level is expanded in parallel and deduplicated in frontier order,
/// so the counts and counterexamples are those of the sequential run.
public struct BreadthFirstSearch<M: Model>: Sendable {
    public let model: M
    public let options: SearchOptions

    public init(_ model: M, options: SearchOptions = SearchOptions()) {
        self.model = model
        self.options = options
    }

    /// Runs the search to its bound, its limits, or (if asked) the first violation.
    public func run() -> SearchReport<M> {
        let clock = ContinuousClock.now
        let expansion = Expansion(model: model, worldBudget: options.worldBudget, symmetry: options.symmetry)
        // Counting keeps every transition as node ids (not in a partitioned search: it sees a part).
        let counting = options.countBehaviours != nil && options.partition == nil
        var level = Level<M.Storage.Stored>(
            threads: options.threads,
            record: counting ? TransitionRecord(perProperty: options.countBehaviours == .perProperty) : nil,
            roundStates: options.roundStates)
        var limits = Limits(
            stateLimit: options.stateLimit,
            deadline: options.timeLimit.map { clock + .milliseconds(Int(min(max($0, 0), 1e9) * 1000)) },
            stop: options.stop, memoryLimit: options.memoryLimit)
        limits.nodeIDCap = NodeIDs.cap(for: options)
        // A checkpoint holds the level itself; a search that checkpoints keeps its levels in memory.
        level.spill = options.checkpoint == nil ? options.spill.map(LevelSpill.init) : nil
        var graph = SearchGraph()
        var findings = Findings(properties: expansion.properties.count)

        var depth = 0
        var priorSeconds = 0.0
        var lastCheckpoint = clock
        var checkpointing = options.checkpoint != nil
        var checkpointProblem: String?
        var checkpointRefused: String?
        // Level 0: the initial states, deduplicated in order (unless resuming a checkpoint, loaded
        // whole and swapped in; one that does not fit the model is left alone and not overwritten).
        var resumed: ResumePoint<M.Storage.Stored>?
        do {
            resumed = try loadCheckpoint(threads: options.threads, roundStates: options.roundStates)
        } catch {
            checkpointing = false
            checkpointRefused = error.description
        }
        if let resumed {
            (level, graph, findings) = (resumed.level, resumed.graph, resumed.findings)
            (depth, priorSeconds) = (resumed.depth, resumed.seconds)
        } else {
            for (index, state) in model.initialStates().enumerated() {
                precondition(index <= Int(UInt16.max), "\(model.name): too many initial states")
                let key = expansion.key(state, used: 0)
                let new = counting
                    ? level.visited.insert(key, id: UInt32(graph.count)) == UInt32(graph.count) : level.visited.insert(key)
                if new {
                    graph.append(parent: SearchGraph.root, action: UInt16(index))
                    level.frontier.append(M.Storage.stored(state, in: model))
                    level.used.append(0)
                }
            }
            level.record?.roots = graph.count
        }

        var stop = SearchStopReason.exhausted
        // The frontier of the level a limit stopped part-way, as the level started (its states
        // are freed as they are expanded).
        var stoppedFrontier: Int?
        var lastProgress = clock
        // References (classes): read by the progress closure while `level` is being expanded.
        let spill = level.spill, visited = level.visited
        while !level.frontier.isEmpty {
            let atBound = options.depthBound.map { depth >= $0 } ?? false
            let frontierCount = level.frontier.count
            // A partitioned search lets only its own share into the split level.
            level.admit = options.partition.flatMap { depth + 1 == $0.level ? $0 : nil }
            level.spill?.depth = depth
            let outcome = level.expand(
                expansion, atBound: atBound, graph: &graph, findings: &findings, limits: limits,
                progress: { count in
                    guard let progress = options.progress, lastProgress.duration(to: .now).seconds >= 1 else { return }
                    lastProgress = .now
                    progress(SearchProgress(
                        distinctStates: count, frontier: frontierCount, depth: depth,
                        seconds: clock.duration(to: .now).seconds, spill: spill?.use(visited: visited)))
                })
            if let reason = outcome {
                stop = reason
                stoppedFrontier = frontierCount
                break
            }
            if atBound {
                if findings.beyondBound { stop = .depthBound }
                break
            }
            if let expanded = level.record?.degrees.count { level.record?.levelEnds.append(expanded) }
            if options.stopAtFirstViolation && findings.anyViolation && !level.next.isEmpty {
                stop = .firstViolation
                level.advance()
                depth += 1
                break
            }
            level.advance()
            if !level.frontier.isEmpty { depth += 1 }
            if checkpointing, let error = checkpointIfDue(
                level: level, graph: graph, findings: findings, depth: depth,
                seconds: priorSeconds + clock.duration(to: .now).seconds, last: &lastCheckpoint) {
                checkpointProblem = checkpointProblem ?? error.description
            }
        }

        // Parent links on disk: the chunks on the findings' paths are read back first.
        var unreadable: [String] = []
        if graph.isSpilled {
            stop = readBackPaths(&graph, &findings, stop: stop, names: expansion.properties.map(\.name), unreadable: &unreadable)
        }
        let seconds = priorSeconds + clock.duration(to: .now).seconds
        if checkpointing { finishCheckpoint(stop) }
        options.progress?(SearchProgress(
            distinctStates: graph.count, frontier: stoppedFrontier ?? level.frontier.count, depth: depth, seconds: seconds,
            spill: level.spill?.use(visited: level.visited)))
        var result = report(
            expansion: expansion, graph: graph, findings: findings, depth: depth, stop: stop,
            seconds: seconds, visitedBytes: level.visited.bytes)
        result.checkpointProblem = checkpointProblem
        result.checkpointRefused = checkpointRefused
        if let spill = level.spill {
            result.spilled = spill.summary
            if stop == .spillFailed {
                result.spillProblem = (spill.failure ?? "\(spill.options.directory): a chunk read back (of a level or of the parent links) is not one the search wrote")
                    + (unreadable.isEmpty ? "" : "; no trace for \(unreadable.joined(separator: ", ")), whose path could not be read back: their verdicts are unknown")
            }
        }
        if counting {
            let record = level.record
            level = Level(threads: 1)  // the frontier and the visited set are not needed to count
            count(record, into: &result, expansion: expansion, nodes: graph.count, limits: limits)
        }
        return result
    }

    /// Reads back the parent links on the paths to the findings; a finding whose path cannot be
    /// read back is dropped and named in `unreadable`, and the search counts as failed.
    private func readBackPaths(
        _ graph: inout SearchGraph, _ findings: inout Findings, stop: SearchStopReason, names: [String],
        unreadable: inout [String]
    ) -> SearchStopReason {
        for p in names.indices {
            let node: NodeID? = switch findings.violation[p] {
            case .state(let node)?: node
            case .step(let node, _)?: node
            case nil: nil
            }
            if let node, !graph.loadPath(to: node) {
                findings.violation[p] = nil
                unreadable.append(names[p])
            }
            if let node = findings.witness[p], !graph.loadPath(to: node) {
                findings.witness[p] = nil
                unreadable.append(names[p])
            }
        }
        return unreadable.isEmpty ? stop : .spillFailed
    }

    /// Counts the behaviours over the transitions the search recorded, when it covered its bounds.
    private func count(
        _ record: TransitionRecord?, into report: inout SearchReport<M>, expansion: Expansion<M>, nodes: Int,
        limits: Limits
    ) {
        guard let record else {
            report.behavioursNotCounted = "resumed from a checkpoint, which keeps no transitions"
            return
        }
        guard [.exhausted, .depthBound].contains(report.stopReason) else {
            report.behavioursNotCounted = "the search was not exhaustive: \(report.stopReasonText)"
            return
        }
        var stopped: SearchStopReason?
        report.behaviours = BehaviourCounts.count(
            record, nodes: nodes, depth: options.depthBound ?? report.depthReached, properties: expansion.properties,
            stateJudged: expansion.stateJudged,
            stop: {
                stopped = limits.reason(distinctStates: 0)
                return stopped != nil
            })
        if let stopped { report.behavioursNotCounted = "\(stopped.rawValue) while counting" }
    }

    /// The report of what was found (`distinctStates`: the graph's count unless given, as the
    /// distributed search, whose graph holds only the paths to its findings, gives it).
    func report(
        expansion: Expansion<M>, graph: SearchGraph, findings: Findings, depth: Int,
        stop: SearchStopReason, seconds: Double, visitedBytes: Int, distinctStates: Int? = nil
    ) -> SearchReport<M> {
        let minimizer = Minimizer(model)
        /// The counterexample `found` (its states not recorded: minimizing replaces it) minimized,
        /// recorded in full if the minimizer leaves it as found.
        func minimized(_ found: Trace<M>) -> Trace<M> {
            let trace = minimizer.minimize(found)
            guard trace.states.isEmpty else { return trace }
            return Trace(
                model: model, initialState: trace.initialState, steps: trace.steps, property: trace.property,
                seed: trace.seed, minimization: trace.minimization)
        }
        let verdicts = expansion.properties.enumerated().map { p, property -> SearchReport<M>.Verdict in
            var outcome = SearchReport<M>.Outcome.holds
            var witness: Trace<M>?
            switch findings.violation[p] {
            case .state(let node)?:
                outcome = .violated(minimized(graph.trace(
                    model, to: node, property: property.name, minimization: .shortest, recordingStates: false)))
            case .step(let node, let action)?:
                outcome = .violated(minimized(graph.trace(
                    model, to: node, then: action, property: property.name, minimization: .shortest,
                    recordingStates: false)))
            case nil:
                break
            }
            if property.kind == .sometimes {
                if let node = findings.witness[p] {
                    witness = graph.trace(model, to: node, property: property.name, minimization: .shortest)
                } else {
                    outcome = .unreached
                }
            }
            return .init(name: property.name, kind: property.kind, outcome: outcome, witness: witness)
        }
        return SearchReport(
            modelName: model.name, distinctStates: distinctStates ?? graph.count, depthReached: depth,
            exhaustive: stop == .exhausted, stopReason: stop, verdicts: verdicts,
            transitions: findings.transitions, boundCut: findings.boundCut, seconds: seconds, visitedBytes: visitedBytes,
            options: options)
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
