/// What replaying choice sequences gave, kept as a tree of the choices each replay read
/// (Hypothesis's data tree), so the shrinker never runs the test on a sequence whose outcome
/// is already known: the same sequence, one that only differs past where the replay stopped
/// reading, one that differs only at forced choices, or one whose choice exceeds a bound a
/// replay met at that point.
struct ChoiceCache<Outcome> {
    /// One read position. The first child is kept inline (most nodes have one), the rest in a
    /// dictionary only looked up by value, never iterated.
    private struct Node {
        /// The choice read here was forced: any value replays as the first child.
        var forced = false
        /// The bound of the choice read here; a larger value ends the replay as rejected.
        var bound: UInt64?
        var firstValue: UInt64 = 0
        var firstChild: Int32 = -1
        var moreChildren: [UInt64: Int32]?
        /// Where a replay stopped reading: the index of its outcome.
        var outcome: Int32 = -1

        func child(_ value: UInt64) -> Int32? {
            if firstChild >= 0, forced || firstValue == value { return firstChild }
            return moreChildren?[value]
        }
    }

    /// Past this many nodes nothing more is recorded (a long case's every deletion adds a path).
    static var maxNodes: Int { 2_000_000 }

    private var nodes = [Node()]
    private var outcomes: [Outcome] = []
    /// What a choice past its bound gives.
    private let rejected: Outcome

    init(rejected: Outcome) {
        self.rejected = rejected
    }

    /// The known outcome of replaying `candidate` (read as zeros past its end, as a replay reads
    /// it), or nil when no replay went that way.
    func outcome(of candidate: [UInt64]) -> Outcome? {
        var node = 0, index = 0
        while true {
            let current = nodes[node]
            if current.outcome >= 0 { return outcomes[Int(current.outcome)] }
            let value = index < candidate.count ? candidate[index] : 0
            if !current.forced, let bound = current.bound, value > bound { return rejected }
            guard let next = current.child(value) else { return nil }
            node = Int(next)
            index += 1
        }
    }

    /// Records a replay that read `read` (each choice's bound in `bounds`, nil where forced),
    /// then stopped with `outcome`, or met a choice past `exceeded` right after `read`.
    mutating func record(read: [UInt64], bounds: [UInt64?], exceeded: UInt64?, outcome: Outcome) {
        var node = 0
        for (value, bound) in zip(read, bounds) {
            nodes[node].forced = bound == nil
            nodes[node].bound = bound
            if let next = nodes[node].child(value) {
                node = Int(next)
                continue
            }
            guard nodes.count < Self.maxNodes else { return }
            let created = Int32(nodes.count)
            nodes.append(Node())
            if nodes[node].firstChild < 0 {
                nodes[node].firstValue = value
                nodes[node].firstChild = created
            } else {
                var more = nodes[node].moreChildren ?? [:]
                nodes[node].moreChildren = nil
                more[value] = created
                nodes[node].moreChildren = more
            }
            node = Int(created)
        }
        if let exceeded {
            nodes[node].bound = exceeded
        } else if nodes[node].outcome < 0 {
            nodes[node].outcome = Int32(outcomes.count)
            outcomes.append(outcome)
        }
    }
}
