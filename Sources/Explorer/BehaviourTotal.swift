import BigNum

/// The exact number of behaviours (action sequences of length 0 ... depth from an initial state)
/// of a model too big for `BehaviourCount`: same definition and graph (nodes keyed like the
/// search's visited set, one edge per enabled action, edges into seen states kept), but it keeps
/// only the frontier's states and two 32-bit ids per edge, and counts in place (`LimbCounts`).
///
///     BehaviourTotal(DieHard(), depth: 6).run()  // 55987
public struct BehaviourTotal<M: Model> {
    public let model: M
    public let depth: Int
    public let worldBudget: Int?

    public init(_ model: M, depth: Int, worldBudget: Int? = nil) {
        self.model = model
        self.depth = depth
        self.worldBudget = worldBudget
    }

    public func run() -> BigInt {
        let graph = edges()
        var cur = LimbCounts(count: graph.nodes)
        var next = LimbCounts(count: graph.nodes)
        for root in graph.roots { cur.setOne(root) }
        var total: [UInt64] = []
        cur.addAll(into: &total)
        for length in 0..<depth {
            // Paths of this length end at nodes first seen at most this deep: only their edges.
            next.clear()
            next.addAlong(from: graph.from, to: graph.to, range: 0..<graph.levelEnds[length], source: cur)
            swap(&cur, &next)
            cur.addAll(into: &total)
            if cur.nearFull {
                cur.widen()
                next.widen()
            }
        }
        return LimbCounts.bigInt(total)
    }

    struct Edges {
        var nodes = 0
        var roots: [Int] = []
        var from: [UInt32] = []
        var to: [UInt32] = []
        /// `levelEnds[d]`: the number of edges out of nodes first seen at depth ≤ d.
        var levelEnds: [Int] = []
    }

    /// The search's graph breadth-first to `depth`, as in `StateGraph`, keeping ids only.
    func edges() -> Edges {
        let expansion = Expansion(model: model, worldBudget: worldBudget)
        var graph = Edges()
        var index: [UInt64: UInt32] = [:]
        var frontier: [(state: M.State, used: UInt8)] = []
        for state in model.initialStates() {
            let key = expansion.key(state, used: 0)
            if index[key] == nil {
                index[key] = UInt32(graph.nodes)
                graph.roots.append(graph.nodes)
                graph.nodes += 1
                frontier.append((state, 0))
            }
        }
        var firstNode = 0
        for _ in 0..<depth {
            var next: [(state: M.State, used: UInt8)] = []
            for (offset, (state, used)) in frontier.enumerated() {
                let node = UInt32(firstNode + offset)
                let budgetLeft = worldBudget.map { Int(used) < $0 } ?? true
                for action in model.actions(in: state) {
                    let world = model.kind(of: action) == .world
                    if world && !budgetLeft { continue }
                    guard let target = model.next(state, action) else { continue }
                    let usedThen = world ? used &+ 1 : used
                    let key = expansion.key(target, used: usedThen)
                    let id: UInt32
                    if let known = index[key] {
                        id = known
                    } else {
                        precondition(graph.nodes < Int(UInt32.max), "\(model.name): too many states to count")
                        id = UInt32(graph.nodes)
                        index[key] = id
                        graph.nodes += 1
                        next.append((target, usedThen))
                    }
                    graph.from.append(node)
                    graph.to.append(id)
                }
            }
            precondition(graph.from.count < Int(UInt32.max), "\(model.name): too many edges to count")
            graph.levelEnds.append(graph.from.count)
            firstNode += frontier.count
            frontier = next
        }
        return graph
    }
}
