/// The transitions a counting search takes, as node ids: every step out of every state expanded
/// before the depth bound, into a new state or one already seen, in the order the search takes
/// them (frontier order, then action order). Behaviours are counted over it with no model call.
/// Costs 4 bytes per transition and 2 per state, plus, for per-property counts, one flag per
/// state and state property and one per transition and transition property.
struct TransitionRecord: Sendable {
    /// Initial states: nodes `0 ..< roots`.
    var roots = 0
    /// The node each transition leads to.
    var targets: [UInt32] = []
    /// Transitions out of each expanded node, node 0 first.
    var degrees: [UInt16] = []
    /// `levelEnds[d]`: the nodes at depth ≤ d, once level d has been expanded.
    var levelEnds: [Int] = []
    /// For per-property counts: per node, whether its state breaks each of
    /// `Expansion.stateJudged`; per transition, whether it breaks each transition property.
    var judged: JudgedFlags
    /// Why the record does not hold the whole search (then nothing is counted).
    var incomplete: String?

    init(perProperty: Bool) { judged = JudgedFlags(enabled: perProperty) }

    /// Appends a chunk's transitions (a parallel level's, in frontier order).
    mutating func append(targets more: [UInt32], degrees moreDegrees: [UInt16]) {
        targets.append(contentsOf: more)
        degrees.append(contentsOf: moreDegrees)
    }

    /// Bytes held (the figure `check --help` quotes per transition and per state).
    var bytes: Int {
        targets.capacity * 4 + degrees.capacity * 2 + judged.states.capacity + judged.steps.capacity
    }
}
