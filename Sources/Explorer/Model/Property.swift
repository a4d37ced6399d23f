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
    /// For `transition`: the action cases (bit `Model.actionCase(of:)`) whose steps the check is
    /// about. On a step of any other case it holds without being called: every case by default.
    public let cases: UInt64

    /// How many action cases a property can name (the bits of `cases`).
    public static var caseLimit: Int { 64 }

    /// Whether this property's check is called on a step of action case `c` (a case out of
    /// range is concerned: the check is called, as with no cases named).
    @inline(__always) public func concerns(_ c: Int) -> Bool {
        c < 0 || c >= Self.caseLimit || cases & (1 << UInt64(c)) != 0
    }

    init(
        name: String, kind: Kind, stateCheck: (@Sendable (M, M.State) -> Bool)?,
        stepCheck: (@Sendable (M, M.State, M.Action, M.State) -> Bool)?, cases: UInt64 = ~0
    ) {
        self.name = name
        self.kind = kind
        self.stateCheck = stateCheck
        self.stepCheck = stepCheck
        self.cases = cases
    }

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
    /// A transition check about the steps of some action cases only (`Model.actionCase(of:)`,
    /// one bit each in `cases`): it must hold on every step of another case, and is not called
    /// there (`FleetPropertyCasesTests` checks the fleet's by calling them anyway).
    public static func transition(
        _ name: String, cases: UInt64, _ check: @escaping @Sendable (M, M.State, M.Action, M.State) -> Bool
    ) -> Self {
        Self(name: name, kind: .transition, stateCheck: nil, stepCheck: check, cases: cases)
    }
}
