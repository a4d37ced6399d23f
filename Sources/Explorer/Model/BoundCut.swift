/// The states a search left unjudged at quiescence because a bound of the model refused a
/// system step there (`Model.refusingBound`): the real system would have gone on, so a finding
/// that needs that step is out of reach until the bound is raised. Counted where quiescence was
/// already established; a sum, so equal whatever the thread count.
public struct BoundCut: Sendable, Equatable, Codable {
    /// One bound and the states where it refused a system step.
    public struct Refusal: Sendable, Equatable, Codable {
        public var bound: String
        public var states: Int

        public init(bound: String, states: Int) {
            self.bound = bound
            self.states = states
        }
    }

    /// States not judged at quiescence (each once, however many bounds refused a step there).
    public var states: Int
    /// Per bound, sorted by name: a state where two bounds refused steps counts under both.
    public var refusals: [Refusal]

    public init(states: Int = 0, refusals: [Refusal] = []) {
        self.states = states
        self.refusals = refusals.sorted { $0.bound < $1.bound }
    }

    public var isEmpty: Bool { states == 0 }

    /// Adds another part of the search (a chunk, a shard).
    public mutating func add(_ other: BoundCut) {
        states += other.states
        for r in other.refusals { add(r.bound, r.states) }
    }

    private mutating func add(_ bound: String, _ n: Int) {
        if let i = refusals.firstIndex(where: { $0.bound == bound }) {
            refusals[i].states += n
        } else {
            refusals.append(Refusal(bound: bound, states: n))
            refusals.sort { $0.bound < $1.bound }
        }
    }

    /// The report's line, or nil when no state was cut. Most-refusing bound first. A bound the
    /// configuration sets can be raised; a fixed capacity of the model (`isFixed`) cannot.
    public var line: String? {
        guard states > 0 else { return nil }
        let ranked = refusals.sorted { ($0.states, $1.bound) > ($1.states, $0.bound) }
        let names = ranked.count == 1
            ? ranked[0].bound
            : ranked.map { "\($0.bound) in \($0.states.grouped)" }.joined(separator: ", ")
        let plural = states == 1 ? "state" : "states"
        let raisable = ranked.filter { !Self.isFixed($0.bound) }.map(\.bound)
        let advice = raisable.isEmpty ? ", which no configuration raises"
            : raisable.count == ranked.count ? " (raise \(ranked.count == 1 ? "it" : "them") to look past)"
            : " (raise \(raisable.joined(separator: ", ")) to look past; the model's capacity is fixed)"
        return "bound cut: \(states.grouped) \(plural) not judged at quiescence: a system step was refused by "
            + names + advice
    }

    /// A refusal named as a capacity of the model ("the model's …", `Model.refusingBound`), not
    /// a configuration key: nothing the user sets raises it.
    public static func isFixed(_ bound: String) -> Bool { bound.hasPrefix("the model's ") }
}
