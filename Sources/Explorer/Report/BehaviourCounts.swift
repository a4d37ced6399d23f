import BigNum

/// Exact counts of behaviours: the action sequences of length ≤ `depth` from an initial state
/// (paths in the searched graph: two actions reaching one state are two behaviours), and, when
/// asked, for each property how many of them break it. Taken from the transitions the search
/// recorded (`SearchOptions.countBehaviours`), so no model is called again; in GMP integers,
/// since they overflow 64 bits on small models.
public struct BehaviourCounts<M: Model>: Sendable {
    /// One property's counts.
    public struct PropertyCount: Sendable {
        public let name: String
        public let kind: Property<M>.Kind
        /// Behaviours of length ≤ depth that break it (for `sometimes`: that reach it).
        public let upToDepth: BigInt
        /// Behaviours of length exactly `depth` that break (reach) it.
        public let atDepth: BigInt
    }

    public let depth: Int
    /// Behaviours of length 0 ... depth.
    public let upToDepth: BigInt
    /// Behaviours of length exactly `depth`.
    public let atDepth: BigInt
    /// Per property, in the model's order; nil when only the total was asked for.
    public let properties: [PropertyCount]?

    /// The exact share of behaviours of length ≤ depth that break (reach) `name`.
    public func share(_ name: String) -> Rational? {
        guard let p = properties?.first(where: { $0.name == name }), !upToDepth.isZero else { return nil }
        return Rational(p.upToDepth, upToDepth)
    }

    /// The counts as the lines `cardcheck check --count` prints.
    public func lines() -> [String] {
        guard let properties else { return ["behaviours ≤ depth \(depth): \(upToDepth)"] }
        var out = ["behaviours of length ≤ \(depth): \(upToDepth) (exactly \(depth): \(atDepth))"]
        for p in properties {
            let verb = p.kind == .sometimes ? "reach" : "break"
            var line = "  \(p.kind.rawValue) \"\(p.name)\": \(p.upToDepth) \(verb) it"
            if let share = share(p.name) {
                line += ", exactly \(share) ≈ \(share.decimalString(digits: 6)) of them"
            }
            out.append(line)
        }
        return out
    }
}

extension BehaviourCounts {
    /// Counts paths over `record` (of a search that stored `nodes` states) level by level: the
    /// paths of length L+1 into a node are the sum over its incoming transitions of the paths of
    /// length L into their source, which is first seen at depth ≤ L. Returns nil when `stop`
    /// says so between levels.
    static func count(
        _ record: TransitionRecord, nodes: Int, depth: Int, properties: [Property<M>], stateJudged: [Int],
        stop: () -> Bool
    ) -> BehaviourCounts? {
        let perProperty = record.judged.enabled
        let stepJudged = properties.indices.filter { properties[$0].kind == .transition }
        let judgedProperties = perProperty ? properties.count : 0
        var cur = LimbCounts(count: nodes), next = LimbCounts(count: nodes)
        var broken = (0..<judgedProperties).map { _ in LimbCounts(count: nodes) }
        var nextBroken = broken
        // Each property's column among the state flags or the step flags.
        let stateColumn = Dictionary(uniqueKeysWithValues: stateJudged.enumerated().map { ($1, $0) })
        let stepColumn = Dictionary(uniqueKeysWithValues: stepJudged.enumerated().map { ($1, $0) })
        let stateStride = stateJudged.count, stepStride = stepJudged.count
        let states = record.judged.states, steps = record.judged.steps
        for root in 0..<record.roots {
            cur.setOne(root)
            for p in 0..<judgedProperties {
                if let c = stateColumn[p], states[root * stateStride + c] { broken[p].setOne(root) }
            }
        }
        var total: [UInt64] = []
        var brokenTotal = Array(repeating: [UInt64](), count: judgedProperties)
        cur.addAll(into: &total)
        for p in 0..<judgedProperties { broken[p].addAll(into: &brokenTotal[p]) }
        for length in 0..<depth {
            if stop() { return nil }
            let nodeEnd = length < record.levelEnds.count ? record.levelEnds[length] : record.degrees.count
            next.clear()
            next.addAlong(degrees: record.degrees, targets: record.targets, nodes: nodeEnd, source: cur)
            for p in 0..<judgedProperties {
                nextBroken[p].clear()
                // A step breaks p when its target's state does (state kinds) or the step does.
                let pick: (Int, Int, Int) -> Bool
                if let c = stateColumn[p] {
                    pick = { _, _, to in states[to * stateStride + c] }
                } else if let c = stepColumn[p] {
                    pick = { k, _, _ in steps[k * stepStride + c] }
                } else {
                    pick = { _, _, _ in false }
                }
                nextBroken[p].addAlong(
                    degrees: record.degrees, targets: record.targets, nodes: nodeEnd, source: broken[p],
                    other: cur, pick: pick)
            }
            swap(&cur, &next)
            swap(&broken, &nextBroken)
            cur.addAll(into: &total)
            for p in 0..<judgedProperties { broken[p].addAll(into: &brokenTotal[p]) }
            // Broken counts never pass the totals, so the totals say when all must widen.
            if cur.nearFull {
                cur.widen()
                next.widen()
                for p in 0..<judgedProperties {
                    broken[p].widen()
                    nextBroken[p].widen()
                }
            }
        }
        var atDepth: [UInt64] = []
        cur.addAll(into: &atDepth)
        let counts: [PropertyCount]? = perProperty ? properties.indices.map { p in
            var exactly: [UInt64] = []
            broken[p].addAll(into: &exactly)
            return PropertyCount(
                name: properties[p].name, kind: properties[p].kind, upToDepth: LimbCounts.bigInt(brokenTotal[p]),
                atDepth: LimbCounts.bigInt(exactly))
        } : nil
        return BehaviourCounts(
            depth: depth, upToDepth: LimbCounts.bigInt(total), atDepth: LimbCounts.bigInt(atDepth), properties: counts)
    }
}
