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
        var level = Level<M.Stored>(threads: options.threads)
        // Node ids are 32-bit: a run that would pass them stops as at a state limit.
        let limits = Limits(
            stateLimit: min(options.stateLimit ?? Int.max, Int(UInt32.max) - 1),
            deadline: options.timeLimit.map { clock + .milliseconds(Int(min(max($0, 0), 1e9) * 1000)) },
            stop: options.stop, memoryLimit: options.memoryLimit)
        var graph = SearchGraph()
        var findings = Findings(properties: expansion.properties.count)

        var depth = 0
        var priorSeconds = 0.0
        var lastCheckpoint = clock
        // Level 0: the initial states, deduplicated in order (unless resuming a checkpoint).
        if !resume(level: &level, graph: &graph, findings: &findings, depth: &depth, seconds: &priorSeconds) {
            for (index, state) in model.initialStates().enumerated() {
                precondition(index <= Int(UInt16.max), "\(model.name): too many initial states")
                if level.visited.insert(expansion.key(state, used: 0)) {
                    graph.append(parent: SearchGraph.root, action: UInt16(index))
                    level.frontier.append(model.stored(state))
                    level.used.append(0)
                }
            }
        }

        var stop = SearchStopReason.exhausted
        var lastProgress = clock
        while !level.frontier.isEmpty {
            let atBound = options.depthBound.map { depth >= $0 } ?? false
            let frontierCount = level.frontier.count
            // A partitioned search lets only its own share into the split level.
            level.admit = options.partition.flatMap { depth + 1 == $0.level ? $0 : nil }
            let outcome = level.expand(
                expansion, atBound: atBound, graph: &graph, findings: &findings, limits: limits,
                progress: { count in
                    guard let progress = options.progress, lastProgress.duration(to: .now).seconds >= 1 else { return }
                    lastProgress = .now
                    progress(SearchProgress(
                        distinctStates: count, frontier: frontierCount, depth: depth,
                        seconds: clock.duration(to: .now).seconds))
                })
            if let reason = outcome {
                stop = reason
                break
            }
            if atBound {
                if findings.beyondBound { stop = .depthBound }
                break
            }
            if options.stopAtFirstViolation && findings.anyViolation && !level.next.isEmpty {
                stop = .firstViolation
                level.advance()
                depth += 1
                break
            }
            level.advance()
            if !level.frontier.isEmpty { depth += 1 }
            checkpointIfDue(
                level: level, graph: graph, findings: findings, depth: depth,
                seconds: priorSeconds + clock.duration(to: .now).seconds, last: &lastCheckpoint)
        }

        let seconds = priorSeconds + clock.duration(to: .now).seconds
        finishCheckpoint(stop)
        options.progress?(SearchProgress(
            distinctStates: graph.count, frontier: level.frontier.count, depth: depth, seconds: seconds))
        return report(
            expansion: expansion, graph: graph, findings: findings, depth: depth, stop: stop,
            seconds: seconds, visitedBytes: level.visited.bytes)
    }

    private func report(
        expansion: Expansion<M>, graph: SearchGraph, findings: Findings, depth: Int,
        stop: SearchStopReason, seconds: Double, visitedBytes: Int
    ) -> SearchReport<M> {
        let minimizer = Minimizer(model)
        let verdicts = expansion.properties.enumerated().map { p, property -> SearchReport<M>.Verdict in
            var outcome = SearchReport<M>.Outcome.holds
            var witness: Trace<M>?
            switch findings.violation[p] {
            case .state(let node)?:
                outcome = .violated(minimizer.minimize(graph.trace(
                    model, to: node, property: property.name, minimization: .shortest)))
            case .step(let node, let action)?:
                outcome = .violated(minimizer.minimize(graph.trace(
                    model, to: node, then: action, property: property.name, minimization: .shortest)))
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
            modelName: model.name, distinctStates: graph.count, depthReached: depth,
            exhaustive: stop == .exhausted, stopReason: stop, verdicts: verdicts,
            transitions: findings.transitions, seconds: seconds, visitedBytes: visitedBytes,
            options: options)
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
