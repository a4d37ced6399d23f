import Explorer

/// The Die Hard jugs (TLA+ Examples, `DieHard.tla`): measure exactly `target` gallons with a
/// `small` and a `big` jug. The "violation" of `big != target` is the puzzle's solution:
/// TLC finds it in 6 steps with the 3- and 5-gallon jugs, among 16 reachable states.
public struct DieHard: Model, Codable {
    public var small: Int
    public var big: Int
    public var target: Int

    public init(small: Int = 3, big: Int = 5, target: Int = 4) {
        self.small = small
        self.big = big
        self.target = target
    }

    public var name: String { "die-hard" }

    public struct State: Hashable, Sendable, Codable {
        public var small: Int
        public var big: Int
    }

    public enum Action: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        case fillSmall, fillBig, emptySmall, emptyBig, smallToBig, bigToSmall
        public var description: String { rawValue }
    }

    public func initialStates() -> [State] { [State(small: 0, big: 0)] }

    /// Every action is always enabled, as in `DieHard.tla` (some leave the state unchanged).
    public func actions(in state: State) -> [Action] { Action.allCases }

    public func next(_ s: State, _ a: Action) -> State? {
        switch a {
        case .fillSmall: return State(small: small, big: s.big)
        case .fillBig: return State(small: s.small, big: big)
        case .emptySmall: return State(small: 0, big: s.big)
        case .emptyBig: return State(small: s.small, big: 0)
        case .smallToBig:
            let poured = min(s.small, big - s.big)
            return State(small: s.small - poured, big: s.big + poured)
        case .bigToSmall:
            let poured = min(s.big, small - s.small)
            return State(small: s.small + poured, big: s.big - poured)
        }
    }

    /// Bruce Willis pours: every action is the world's.
    public func kind(of action: Action) -> ActionKind { .world }

    public var properties: [Property<Self>] {
        [.always("big is not the target") { model, s in s.big != model.target }]
    }

    public func fingerprint(of s: State) -> UInt64 {
        Fingerprint.mix(UInt64(truncatingIfNeeded: s.small) << 32 | UInt64(truncatingIfNeeded: s.big))
    }
}
