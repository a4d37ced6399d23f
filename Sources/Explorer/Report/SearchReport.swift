/// What a search found: how much it covered and, per property, the verdict with evidence.
public struct SearchReport<M: Model>: Sendable {
    /// Why the search ended.
    public typealias StopReason = SearchStopReason

    /// A property's verdict.
    public enum Outcome: Sendable {
        /// No violation in the explored behaviours; for `sometimes`, reached (see `witnesses`).
        case holds
        /// Broken: a shortest behaviour that breaks it.
        case violated(Trace<M>)
        /// A `sometimes` property never reached: the run is vacuous for it, and fails.
        case unreached
    }

    /// One property's line of the report.
    public struct Verdict: Sendable {
        public let name: String
        public let kind: Property<M>.Kind
        public let outcome: Outcome
        /// For a reached `sometimes` property, a shortest behaviour reaching it.
        public let witness: Trace<M>?
    }

    public let modelName: String
    /// Distinct states stored. With a world budget a state counts once per number of world
    /// actions used to reach it, so a state reached with budget left is not pruned.
    public let distinctStates: Int
    /// Deepest level holding a state.
    public let depthReached: Int
    /// True only when the frontier emptied before the depth bound.
    public let exhaustive: Bool
    public let stopReason: StopReason
    /// Verdicts in the model's property order.
    public let verdicts: [Verdict]
    /// Transitions explored (edges, including those into states already seen).
    public let transitions: Int
    /// States left unjudged at quiescence because a bound of the model refused a system step.
    public let boundCut: BoundCut
    public let seconds: Double
    /// Bytes held by the visited set.
    public let visitedBytes: Int
    public let options: SearchOptions
    /// With `options.countBehaviours`: the exact counts, when the search covered its bounds.
    public internal(set) var behaviours: BehaviourCounts<M>?
    /// With `options.countBehaviours` and no `behaviours`: why they were not counted.
    public internal(set) var behavioursNotCounted: String?
    /// With `options.checkpoint`: a checkpoint that could not be written (the search went on,
    /// but could not be resumed from there); one line naming the file.
    public internal(set) var checkpointProblem: String?
    /// With `options.checkpoint`: why the checkpoint found at the start was not resumed from
    /// (its paths no longer replay); the search ran afresh and left the file alone.
    public internal(set) var checkpointRefused: String?
    /// With `options.spill`: what went to disk, once the search spilled (nil: it never had to).
    public internal(set) var spilled: SpillSummary?
    /// With `options.spill`: why the search stopped with `.spillFailed`, one line naming the directory.
    public internal(set) var spillProblem: String?
    /// A state limit set by a capacity other than the node ids' (a distributed rank's 32-bit
    /// visited-set places): what the stop reason says after "state limit reached".
    public internal(set) var capacityStop: String?

    /// True when no property is violated and every `sometimes` property was reached.
    public var passed: Bool {
        verdicts.allSatisfy { if case .holds = $0.outcome { true } else { false } }
    }

    /// The verdict of the property called `name`.
    public func verdict(_ name: String) -> Verdict? { verdicts.first { $0.name == name } }

    /// The counterexample of the property called `name`, if it is violated.
    public func counterexample(_ name: String) -> Trace<M>? {
        if case .violated(let trace)? = verdict(name)?.outcome { return trace }
        return nil
    }

    /// Estimated probability that two of the stored states share a fingerprint, n² / 2⁶⁵
    /// (as TLC prints): "no violation" holds up to this probability.
    public var collisionProbability: Double {
        CollisionEstimate.probability(states: distinctStates)
    }
}

/// Why a search ended.
public enum SearchStopReason: String, Sendable {
    /// The frontier emptied: every reachable state (within the world budget) was seen.
    case exhausted = "frontier emptied"
    /// States remain past the depth bound.
    case depthBound = "depth bound reached"
    case firstViolation = "stopped at the first violation"
    case stateLimit = "state limit reached"
    case timeLimit = "time limit reached"
    case interrupted = "interrupted"
    /// The process's resident memory reached the `memoryLimit`: stopped before the kernel kills it.
    case memoryLimit = "memory limit reached"
    /// A level could not be written to the spill directory or read back (`SearchReport.spillProblem`).
    case spillFailed = "the spill directory failed"
}

/// The birthday bound for 64-bit fingerprints.
public enum CollisionEstimate {
    /// n² / 2⁶⁵, the probability that some two of `states` fingerprints collide.
    public static func probability(states n: Int) -> Double {
        let x = Double(n)
        return x * x / 36_893_488_147_419_103_232.0  // 2^65
    }
}
