/// Who takes an action: the nondeterministic environment, or the code reacting to it.
///
/// World actions (a session changes, a fault, a user) are budgeted per trace so the space is
/// finite; system actions (a tick, a delivery, a sync) never are.
public enum ActionKind: String, Sendable, Codable {
    case world
    case system
}

/// A finite transition system the explorer can search: what a spec author writes.
///
/// Shaped after stateright's `Model` trait: the model value carries its own bounds and
/// configuration; `State` and `Action` are nested; properties are named values. Six things are
/// required (`name`, `initialStates`, `actions(in:)`, `next`, `kind(of:)`, `properties`); the
/// rest have defaults a model overrides when its spec says more (symmetry, actors, bounds). How
/// the search keeps states is not the spec's business: a model that packs its states for speed
/// adopts `PackedModel` as well (`Storage/PackedModel.swift`).
public protocol Model: Sendable {
    associatedtype State: Hashable & Codable & Sendable
    associatedtype Action: Hashable & Codable & Sendable & CustomStringConvertible
    /// How the search keeps this model's states: as they are, unless the model adopts
    /// `PackedModel`. A spec author never names it.
    associatedtype Storage: StateStorage = PlainStorage<Self> where Storage.M == Self

    /// The name written into traces and reports (`"two-phase-commit"`, `"fleet-card"`).
    var name: String { get }

    /// The states a behaviour may start in, in a fixed order.
    func initialStates() -> [State]

    /// The actions enabled in `state`, in a deterministic order (never from Set/Dictionary order).
    func actions(in state: State) -> [Action]

    /// The state after `action`, or nil when the action turns out to be disabled.
    func next(_ state: State, _ action: Action) -> State?

    /// Whether `action` is the world acting or the system reacting.
    func kind(of action: Action) -> ActionKind

    /// The named checks of this model.
    var properties: [Property<Self>] { get }

    /// `actions(in: state)` written into `actions` (whatever it held is replaced): the search
    /// hands the same array from state to state, so a model appending into it after
    /// `removeAll(keepingCapacity: true)` allocates no array per state. The default assigns
    /// `actions(in:)`.
    func actions(in state: State, into actions: inout [Action])

    /// The case of `action`, a number in `0..<Property.caseLimit` (0 by default): a transition
    /// property naming the cases it concerns (`Property.cases`) is called on those steps only.
    func actionCase(of action: Action) -> Int

    /// A stable 64-bit fingerprint of `state`: equal states give equal fingerprints on every run
    /// and platform. The default hashes the state's JSON; models with large spaces override it.
    func fingerprint(of state: State) -> UInt64

    /// The representative of `state`'s symmetry class (phones with the same configuration
    /// swapped into a fixed order, ...): a search with symmetry on fingerprints it instead of
    /// the state, but keeps and replays the state itself. The default is the state: no symmetry.
    func representative(of state: State) -> State

    /// Renames symmetric identifiers (sessions, cards, tokens) in order of first appearance so
    /// a trace reads `s1, s2`; the default leaves the trace as it is.
    func canonicalized(_ trace: [Action]) -> [Action]

    /// Who takes `action` ("server", "phone 1"), so a minimized trace can group each actor's
    /// steps; nil (the default) leaves the order as found.
    func actorName(of action: Action) -> String?

    /// The bound of the model (a cap on messages in flight or on cards shown) that alone refuses
    /// the system action `action` in `state`, named by its configuration key for the report's
    /// `bound cut:` line (e.g. "maxPostsInFlight"), or a capacity of the model no configuration
    /// raises, named as a phrase starting "the model's " (`BoundCut.isFixed`); nil when none
    /// refuses it. The real system would take such a step, so a state with one is not quiescent.
    /// Asked only of states otherwise quiescent, for their system actions; the default is nil.
    func refusingBound(_ state: State, _ action: Action) -> String?

    /// Why `action` names an actor this configuration does not have (a phone, session, host or
    /// server index past its count), or nil. A trace with such a step is refused as invalid on
    /// load, not replayed into a divergence. The default is nil (no actor indices to check).
    func actorOutOfRange(_ action: Action) -> String?

    /// The configuration this model value was built from, written into traces so a trace file
    /// rebuilds the same model on replay. Defaults to the model's own JSON when it is Encodable.
    var configuration: JSONValue { get }
}

extension Model {
    public func actions(in state: State, into actions: inout [Action]) { actions = self.actions(in: state) }
    public func representative(of state: State) -> State { state }
    public func canonicalized(_ trace: [Action]) -> [Action] { trace }
    public func actorName(of action: Action) -> String? { nil }
    @inlinable public func actionCase(of action: Action) -> Int { 0 }
    public func refusingBound(_ state: State, _ action: Action) -> String? { nil }
    public func actorOutOfRange(_ action: Action) -> String? { nil }
    public var configuration: JSONValue { .object([:]) }
}

extension Model {
    /// The bounds (distinct, in action order) refusing a system action of `actions` (those of
    /// `state`); empty when none does. A state with one is not quiescent (Models/README.md,
    /// "Bounds"): search and replay both ask this, and the search counts it in `BoundCut`.
    func boundsRefusingSystemSteps(in state: State, _ actions: [Action]) -> [String] {
        var names: [String] = []
        for action in actions where kind(of: action) == .system {
            if let name = refusingBound(state, action), !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// No enabled system action changes `state`, and no bound refuses one (as `Expansion`
    /// judges): where an `atQuiescence` property is checked.
    public func isQuiescent(_ state: State) -> Bool {
        let actions = actions(in: state)
        return actions.allSatisfy { action in
            kind(of: action) == .world || (next(state, action).map { $0 == state } ?? true)
        } && boundsRefusingSystemSteps(in: state, actions).isEmpty
    }
}

extension Model where Self: Encodable {
    public var configuration: JSONValue { (try? JSONValue(encoding: self)) ?? .object([:]) }
}
