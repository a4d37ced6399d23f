/// A behaviour as data: which model, built how, from which initial state, which steps.
///
/// Replayable by value (as in Stateright and P): the steps are re-executed, never trusted.
/// Saved as JSON with a format version (see `Trace+Codable.swift`).
public struct Trace<M: Model>: Sendable {
    /// The JSON format this build writes; files with a larger number are refused.
    public static var formatVersion: Int { TraceHeader.currentFormat }

    public var modelName: String
    /// The model's configuration, enough to rebuild the model (`Model.configuration`).
    public var configuration: JSONValue
    /// The seed of the random walk that found it, when one did.
    public var seed: UInt64?
    /// The property this trace breaks (or reaches, for `sometimes`), when it is a counterexample.
    public var property: String?
    /// Index into `model.initialStates()`.
    public var initialState: Int
    public var steps: [M.Action]
    /// The states the trace went through when it was recorded, s0 ... sn, as JSON; replay
    /// compares against them to say where a changed model diverges.
    public var states: [JSONValue]
    /// How far the trace was reduced.
    public var minimization: Minimization

    /// Records a trace by executing `steps` on `model`; the states are those reached, and stop
    /// at the first step that is disabled.
    public init(
        model: M, initialState: Int, steps: [M.Action], property: String? = nil,
        seed: UInt64? = nil, minimization: Minimization = .none
    ) {
        self.modelName = model.name
        self.configuration = model.configuration
        self.seed = seed
        self.property = property
        self.initialState = initialState
        self.steps = steps
        self.minimization = minimization
        var recorded: [JSONValue] = []
        let initial = model.initialStates()
        if initial.indices.contains(initialState) {
            var state = initial[initialState]
            recorded.append(Self.json(state))
            for action in steps {
                guard let next = model.next(state, action) else { break }
                state = next
                recorded.append(Self.json(state))
            }
        }
        self.states = recorded
    }

    /// Memberwise, for decoding.
    init(
        modelName: String, configuration: JSONValue, seed: UInt64?, property: String?,
        initialState: Int, steps: [M.Action], states: [JSONValue], minimization: Minimization
    ) {
        self.modelName = modelName
        self.configuration = configuration
        self.seed = seed
        self.property = property
        self.initialState = initialState
        self.steps = steps
        self.states = states
        self.minimization = minimization
    }

    static func json(_ state: M.State) -> JSONValue {
        (try? JSONValue(encoding: state)) ?? .null
    }
}

/// How far a counterexample was reduced, reported with it.
public enum Minimization: String, Sendable, Codable, CaseIterable {
    /// As found (a random walk, a file).
    case none
    /// No shorter behaviour breaks the property (breadth-first order).
    case shortest
    /// Removing any one step no longer breaks the same property with every step enabled.
    case oneMinimal = "1-minimal"
    /// Shortest, and hence also 1-minimal.
    case shortestOneMinimal = "shortest, 1-minimal"

    /// The names a trace file may give, quoted, for a message.
    static var allNames: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}
