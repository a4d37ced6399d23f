/// The breadth-first tree: for each stored state, its parent and the index of the action that
/// reached it. States themselves are not kept (TLC keeps only fingerprints and predecessors);
/// a trace is rebuilt by replaying the action indices from the initial state.
struct SearchGraph {
    static let root = UInt32.max

    /// Parent node of each node; `root` for initial states.
    private(set) var parents: [UInt32] = []
    /// Index into the parent's `actions(in:)`; for initial states, the index into `initialStates()`.
    private(set) var actionIndices: [UInt16] = []

    var count: Int { parents.count }

    /// Bytes held by the parent links.
    var bytes: Int { parents.capacity * 4 + actionIndices.capacity * 2 }

    mutating func append(parent: UInt32, action: UInt16) {
        parents.append(parent)
        actionIndices.append(action)
    }

    mutating func append(parents more: [UInt32], actions moreActions: [UInt16]) {
        parents.append(contentsOf: more)
        actionIndices.append(contentsOf: moreActions)
    }

    mutating func reserve(_ extra: Int) {
        parents.reserveCapacity(parents.count + extra)
        actionIndices.reserveCapacity(actionIndices.count + extra)
    }

    /// The initial-state index and the action indices leading to `node`.
    func path(to node: UInt32) -> (initial: Int, actions: [UInt16]) {
        var steps: [UInt16] = []
        var n = node
        while parents[Int(n)] != Self.root {
            steps.append(actionIndices[Int(n)])
            n = parents[Int(n)]
        }
        return (Int(actionIndices[Int(n)]), steps.reversed())
    }

    /// Rebuilds the behaviour reaching `node` (and taking `then` after it, for a step violation).
    func trace<M: Model>(
        _ model: M, to node: UInt32, then extra: UInt16? = nil, property: String?,
        minimization: Minimization
    ) -> Trace<M> {
        var (initial, indices) = path(to: node)
        if let extra { indices.append(extra) }
        var steps: [M.Action] = []
        let initials = model.initialStates()
        if initials.indices.contains(initial) {
            var state = initials[initial]
            for i in indices {
                let actions = model.actions(in: state)
                guard actions.indices.contains(Int(i)), let next = model.next(state, actions[Int(i)]) else {
                    preconditionFailure("\(model.name) is not deterministic: a stored path no longer replays")
                }
                steps.append(actions[Int(i)])
                state = next
            }
        }
        return Trace(model: model, initialState: initial, steps: steps, property: property, minimization: minimization)
    }
}
