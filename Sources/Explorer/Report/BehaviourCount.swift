import BigNum

/// Exact counts of behaviours by an explicit second pass: the action sequences of length ≤
/// `depth` from an initial state, and for each property how many of them break it. It rebuilds
/// the state graph (every state and edge kept, each property judged again) and adds `BigInt`s:
/// the plain definition, kept as the oracle the search's own count (`BehaviourCounts`,
/// `SearchOptions.countBehaviours`) is tested against. No command calls it.
public struct BehaviourCount<M: Model> {
    public let model: M
    public let depth: Int
    public let worldBudget: Int?

    public init(_ model: M, depth: Int, worldBudget: Int? = nil) {
        self.model = model
        self.depth = depth
        self.worldBudget = worldBudget
    }

    /// One property's counts.
    public struct PropertyCount: Sendable {
        public let name: String
        public let kind: Property<M>.Kind
        /// Behaviours of length ≤ depth that break it (for `sometimes`: that reach it).
        public let upToDepth: BigInt
        /// Behaviours of length exactly `depth` that break (reach) it.
        public let atDepth: BigInt
    }

    public struct Report: Sendable {
        public let depth: Int
        /// Behaviours of length 0 ... depth.
        public let upToDepth: BigInt
        /// Behaviours of length exactly `depth`.
        public let atDepth: BigInt
        public let properties: [PropertyCount]

        /// The exact share of behaviours of length ≤ depth that break (reach) `name`.
        public func share(_ name: String) -> Rational? {
            guard let p = properties.first(where: { $0.name == name }), !upToDepth.isZero else { return nil }
            return Rational(p.upToDepth, upToDepth)
        }
    }

    public func run() -> Report {
        let graph = StateGraph(model: model, depth: depth, worldBudget: worldBudget)
        let properties = model.properties
        let judges = properties.map { PropertyJudge(model: model, property: $0) }
        let n = graph.states.count
        // Paths of the current length ending in each node, all and per property "already broken".
        var total = Array(repeating: BigInt.zero, count: n)
        var broken = Array(repeating: Array(repeating: BigInt.zero, count: n), count: properties.count)
        for node in graph.roots {
            total[node] = total[node] + .one
            for p in judges.indices where judges[p].breaks(before: nil, graph.states[node]) {
                broken[p][node] = broken[p][node] + .one
            }
        }
        // Whether each edge breaks each property: judged once, used at every length.
        let breaksOn = judges.map { judge in
            graph.edges.map { judge.breaks(before: (graph.states[$0.from], $0.action), graph.states[$0.to]) }
        }
        var upTo = total.reduce(BigInt.zero, +)
        var brokenUpTo = broken.map { $0.reduce(BigInt.zero, +) }
        for _ in 0..<depth {
            var nextTotal = Array(repeating: BigInt.zero, count: n)
            var nextBroken = broken.map { _ in Array(repeating: BigInt.zero, count: n) }
            for (e, edge) in graph.edges.enumerated() where !total[edge.from].isZero {
                let from = total[edge.from]
                nextTotal[edge.to] += from
                for p in judges.indices {
                    let carried = breaksOn[p][e] ? from : broken[p][edge.from]
                    if !carried.isZero { nextBroken[p][edge.to] += carried }
                }
            }
            total = nextTotal
            broken = nextBroken
            upTo += total.reduce(BigInt.zero, +)
            for p in judges.indices { brokenUpTo[p] += broken[p].reduce(BigInt.zero, +) }
        }
        let counts = properties.indices.map {
            PropertyCount(
                name: properties[$0].name, kind: properties[$0].kind, upToDepth: brokenUpTo[$0],
                atDepth: broken[$0].reduce(BigInt.zero, +))
        }
        return Report(depth: depth, upToDepth: upTo, atDepth: total.reduce(BigInt.zero, +), properties: counts)
    }
}
