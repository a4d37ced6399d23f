/// The explicit state graph to a depth, every edge kept (including those into states already
/// seen), for exact behaviour counting. Nodes are keyed like the search's visited set: with a
/// world budget, by state and world actions used.
struct StateGraph<M: Model> {
    struct Edge {
        let from: Int
        let action: M.Action
        let to: Int
    }

    private(set) var states: [M.State] = []
    private(set) var roots: [Int] = []
    private(set) var edges: [Edge] = []

    init(model: M, depth: Int, worldBudget: Int?) {
        let expansion = Expansion(model: model, worldBudget: worldBudget)
        var index: [UInt64: Int] = [:]
        var used: [UInt8] = []
        var frontier: [Int] = []
        for state in model.initialStates() {
            let key = expansion.key(state, used: 0)
            if index[key] == nil {
                index[key] = states.count
                roots.append(states.count)
                frontier.append(states.count)
                states.append(state)
                used.append(0)
            }
        }
        for _ in 0..<depth {
            var next: [Int] = []
            for node in frontier {
                let state = states[node]
                let budgetLeft = worldBudget.map { Int(used[node]) < $0 } ?? true
                for action in model.actions(in: state) {
                    let world = model.kind(of: action) == .world
                    if world && !budgetLeft { continue }
                    guard let target = model.next(state, action) else { continue }
                    let usedThen = world ? used[node] &+ 1 : used[node]
                    let key = expansion.key(target, used: usedThen)
                    let to: Int
                    if let known = index[key] {
                        to = known
                    } else {
                        to = states.count
                        index[key] = to
                        states.append(target)
                        used.append(usedThen)
                        next.append(to)
                    }
                    edges.append(Edge(from: node, action: action, to: to))
                }
            }
            frontier = next
        }
    }
}
