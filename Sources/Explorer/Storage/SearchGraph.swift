/// The breadth-first tree: for each stored state, its parent and the index of the action that
/// reached it. States themselves are not kept (TLC keeps only fingerprints and predecessors);
/// a trace is rebuilt by replaying the action indices from the initial state.
struct SearchGraph {
    static let root = NodeIDs.root

    /// Parent node of each node; `root` for initial states. In chunks: a column that doubles
    /// would hold its old and new buffers at once as it grows (the search's peak memory).
    private var parentColumn = NodeIDColumn()
    /// Index into the parent's `actions(in:)`; for initial states, the index into `initialStates()`.
    private var actionColumn = ChunkedColumn<UInt16>()

    var count: Int { parentColumn.count }

    /// Every node's parent, in node order (a checkpoint writes them).
    var parents: [NodeID] { parentColumn.array }
    /// Every node's action index, in node order.
    var actionIndices: [UInt16] { actionColumn.array }

    /// Bytes held by the parent links.
    var bytes: Int { parentColumn.bytes + actionColumn.bytes }

    @inline(__always)
    mutating func append(parent: NodeID, action: UInt16) {
        parentColumn.append(parent)
        actionColumn.append(action)
    }

    mutating func append(parents more: [NodeID], actions moreActions: [UInt16]) {
        for parent in more { parentColumn.append(parent) }
        actionColumn.append(contentsOf: moreActions)
    }

    /// Whether the links go to disk (`spill`).
    var isSpilled: Bool { parentColumn.isSpilled }

    /// Past the search's memory mark: the links go to disk chunk by chunk as they fill, read
    /// back (checksummed) only to rebuild a counterexample.
    mutating func spill(parents: SpillFile, actions: SpillFile) {
        parentColumn.spill(low: parents)
        actionColumn.spill = ColumnSpill(file: actions, codec: .varints)
        actionColumn.spillFullChunks()
    }

    /// Reads back from disk the chunks on the path to `node`, before `path(to:)` walks it;
    /// false when one cannot be read back whole and as written.
    mutating func loadPath(to node: NodeID) -> Bool {
        guard node < NodeIDs.root else { return false }
        var n = Int(node)
        while true {
            guard n >= 0, n < count, parentColumn.load(n..<(n + 1)), actionColumn.load(n..<(n + 1)) else { return false }
            let parent = parentColumn[n]
            if parent == Self.root { return true }
            // A parent is stored before its children: a link that does not is refused.
            guard Int(parent) < n else { return false }
            n = Int(parent)
        }
    }

    /// The initial-state index and the action indices leading to `node`.
    func path(to node: NodeID) -> (initial: Int, actions: [UInt16]) {
        var steps: [UInt16] = []
        var n = node
        while parentColumn[Int(n)] != Self.root {
            steps.append(actionColumn[Int(n)])
            n = parentColumn[Int(n)]
        }
        return (Int(actionColumn[Int(n)]), steps.reversed())
    }

    /// Rebuilds the behaviour reaching `node` (and taking `then` after it, for a step violation).
    func trace<M: Model>(
        _ model: M, to node: NodeID, then extra: UInt16? = nil, property: String?,
        minimization: Minimization, recordingStates: Bool = true
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
        guard recordingStates else {
            return Trace(
                modelName: model.name, configuration: .null, seed: nil, property: property, initialState: initial,
                steps: steps, states: [], minimization: minimization)
        }
        return Trace(model: model, initialState: initial, steps: steps, property: property, minimization: minimization)
    }
}
