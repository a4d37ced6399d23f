import SeededRandom

/// Seeded random simulation past the exhaustive bound: many deep walks, each choosing uniformly
/// among the enabled actions, checking the same properties as the search.
///
/// Walk 0 uses the seed itself and walk i the i-th output of SplitMix64(seed), so a failing
/// walk is replayed alone by passing its own seed with one walk.
public struct RandomWalk<M: Model>: Sendable {
    public let model: M
    public let seed: UInt64
    /// Steps per walk.
    public let depth: Int
    public let walks: Int
    public let worldBudget: Int?

    public init(_ model: M, seed: UInt64, depth: Int, walks: Int, worldBudget: Int? = nil) {
        self.model = model
        self.seed = seed
        self.depth = depth
        self.walks = walks
        self.worldBudget = worldBudget
    }

    /// What the walks found.
    public struct Report: Sendable {
        /// Per property, the first walk that broke it (reduced, 1-minimal), with that walk's seed.
        public var violations: [(property: String, walkSeed: UInt64, trace: Trace<M>)] = []
        /// Per `sometimes` property, in model order, the number of walks that reached it.
        public var reached: [(property: String, walks: Int)] = []
        public var steps = 0
        public var walks = 0
        public var passed: Bool { violations.isEmpty }
    }

    /// The seed of walk `index`.
    public func walkSeed(_ index: Int) -> UInt64 {
        guard index > 0 else { return seed }
        var mixer = SplitMix64(seed: seed)
        var s: UInt64 = 0
        for _ in 0..<index { s = mixer.next() }
        return s
    }

    public func run(stop: StopSignal? = nil) -> Report {
        let properties = model.properties
        let judges = properties.map { PropertyJudge(model: model, property: $0) }
        var report = Report()
        var reachedCount = Array(repeating: 0, count: properties.count)
        var found = Array(repeating: false, count: properties.count)
        var mixer = SplitMix64(seed: seed)
        let minimizer = Minimizer(model)
        for w in 0..<walks {
            if stop?.isRaised == true { break }
            let walkSeed = w == 0 ? seed : mixer.next()
            var rng = Xoshiro256(seed: walkSeed)
            let (initialIndex, steps, broken, reachedHere) = walk(&rng, judges: judges)
            report.walks += 1
            report.steps += steps.count
            for p in reachedHere { reachedCount[p] += 1 }
            if let (p, at) = broken, !found[p] {
                found[p] = true
                let raw = Trace(
                    model: model, initialState: initialIndex, steps: Array(steps.prefix(at)),
                    property: properties[p].name, seed: walkSeed)
                report.violations.append((properties[p].name, walkSeed, minimizer.minimize(raw)))
            }
        }
        report.violations.sort { a, b in
            properties.firstIndex { $0.name == a.property } ?? 0 < properties.firstIndex { $0.name == b.property } ?? 0
        }
        report.reached = properties.indices.filter { properties[$0].kind == .sometimes }
            .map { (properties[$0].name, reachedCount[$0]) }
        return report
    }

    /// One walk: the steps taken, the first broken property with the step it broke at, and the
    /// `sometimes` properties reached.
    private func walk(
        _ rng: inout Xoshiro256, judges: [PropertyJudge<M>]
    ) -> (Int, [M.Action], (Int, Int)?, Set<Int>) {
        let initials = model.initialStates()
        guard !initials.isEmpty else { return (0, [], nil, []) }
        let initialIndex = Int(rng.next(below: UInt64(initials.count)))
        var state = initials[initialIndex]
        var steps: [M.Action] = []
        var used = 0
        var reached = Set<Int>()
        var previous: (M.State, M.Action)?
        while true {
            for (p, judge) in judges.enumerated() {
                let hit = judge.breaks(before: previous, state)
                if judge.property.kind == .sometimes {
                    if hit { reached.insert(p) }
                } else if hit {
                    return (initialIndex, steps, (p, steps.count), reached)
                }
            }
            if steps.count >= depth { break }
            let enabled = model.actions(in: state).compactMap { action -> (M.Action, M.State)? in
                let world = model.kind(of: action) == .world
                if world, let budget = worldBudget, used >= budget { return nil }
                return model.next(state, action).map { (action, $0) }
            }
            if enabled.isEmpty { break }
            let (action, next) = enabled[Int(rng.next(below: UInt64(enabled.count)))]
            if model.kind(of: action) == .world { used += 1 }
            previous = (state, action)
            steps.append(action)
            state = next
        }
        return (initialIndex, steps, nil, reached)
    }
}
