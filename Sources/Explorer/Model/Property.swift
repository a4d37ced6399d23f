/// A named check over a model's behaviours.
///
/// The four kinds are the ones the fleet model's properties need: an invariant, a check on
/// each step, a check only where the system has nothing left to do, and a reachability goal.
public struct Property<M: Model>: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// Must hold in every reachable state.
        case always
        /// Must hold for every step (old state, action, new state).
        case transition
        /// Must hold in every state where no enabled system action changes the state.
        case atQuiescence
        /// Must hold in at least one reachable state; never reaching it fails the run as vacuous.
        case sometimes
    }

    public let name: String
    public let kind: Kind
    /// For `always`, `atQuiescence` and `sometimes`: the predicate on one state.
    public let stateCheck: (@Sendable (M, M.State) -> Bool)?
    /// For `transition`: the predicate on a step.
    public let stepCheck: (@Sendable (M, M.State, M.Action, M.State) -> Bool)?

    public static func always(_ name: String, _ check: @escaping @Sendable (M, M.State) -> Bool) -> Self {
        Self(name: name, kind: .always, stateCheck: check, stepCheck: nil)
    }
    public static func atQuiescence(_ name: String, _ check: @escaping @Sendable (M, M.State) -> Bool) -> Self {
        Self(name: name, kind: .atQuiescence, stateCheck: check, stepCheck: nil)
    }
    public static func sometimes(_ name: String, _ check: @escaping @Sendable (M, M.State) -> Bool) -> Self {
        Self(name: name, kind: .sometimes, stateCheck: check, stepCheck: nil)
    }
    public static func transition(
        _ name: String, _ check: @escaping @Sendable (M, M.State, M.Action, M.State) -> Bool
    ) -> Self {
        Self(name: name, kind: .transition, stateCheck: nil, stepCheck: check)
    }
}
