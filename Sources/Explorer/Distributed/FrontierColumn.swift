/// A rank's frontier in node order: each state's node id, stored state and world actions used.
/// States are freed as the level is expanded, as in `Level`.
struct FrontierColumn<State: Sendable> {
    private(set) var ids: [NodeID] = []
    private(set) var states = ChunkedColumn<State>()
    private(set) var used: [UInt8] = []

    init() {}

    /// A whole level at once, its states' chunks taken as they are (a lone rank's next level).
    init(ids: [NodeID], states: ChunkedColumn<State>, used: [UInt8]) {
        precondition(ids.count == states.count && used.count == states.count, "a frontier's columns differ in length")
        self.ids = ids
        self.states = states
        self.used = used
    }

    var count: Int { ids.count }

    mutating func append(id: NodeID, state: State, used u: UInt8) {
        ids.append(id)
        states.append(state)
        used.append(u)
    }

    mutating func discard(before end: Int) { states.discard(before: end) }

    /// Where the states' chunks go once the rank spills (nil: all in memory).
    var spill: ColumnSpill<State>? { states.spill }

    /// From now on the states' full chunks go to `spill`, those held now at once: only the
    /// chunks of the round being expanded (`load`) and the last, partly filled, stay in memory.
    mutating func spill(to spill: ColumnSpill<State>) {
        states.spill = spill
        states.spillFullChunks()
    }

    /// Reads back the states' chunks on disk that hold `range`, before it is expanded; false
    /// when one cannot be read back as written (the job stops on it).
    mutating func load(_ range: Range<Int>) -> Bool { states.load(range) }
}

/// The states a rank owns in the level being filled, in the order they arrived, each with
/// the least (parent, action) that reached it so far; numbered once the level is complete.
/// A state is found again by its slot, which the visited set keeps with its key. The states
/// are in chunks, so a lone rank's level becomes its frontier without a copy (`advance`).
struct NextLevel<State: Sendable> {
    var states = ChunkedColumn<State>()
    var parents: [NodeID] = []
    var actions: [UInt16] = []
    var used: [UInt8] = []

    var count: Int { parents.count }

    @inline(__always)
    mutating func append(state: State, parent: NodeID, action: UInt16, used u: UInt8) {
        states.append(state)
        parents.append(parent)
        actions.append(action)
        used.append(u)
    }

    mutating func replace(_ i: Int, state: State, parent: NodeID, action: UInt16) {
        states.replace(i, with: state)
        parents[i] = parent
        actions[i] = action
    }
}
