/// Re-runs a saved trace on a model and says whether the same property still breaks at the
/// same step, or exactly where the behaviour diverges.
public struct Replay<M: Model> {
    public let model: M

    public init(_ model: M) { self.model = model }

    /// The result of a replay; `description` is the line `cardcheck replay` prints.
    public enum Outcome: Equatable, Sendable, CustomStringConvertible {
        /// The property breaks at `step`, as recorded (`recorded` is the trace's last step).
        case reproduced(property: String, step: Int, recorded: Int)
        /// A trace with no property ran to its end with every step enabled.
        case ranToEnd(steps: Int)
        /// The initial state the trace names does not exist in this model.
        case noInitialState(Int)
        /// Step `step` (1-based) is not enabled where it is reached.
        case disabledStep(step: Int, action: String)
        /// The state after step `step` (0: the initial state) differs from the recorded one.
        case stateChanged(step: Int)
        /// Every step ran, and the property no longer breaks.
        case propertyNotBroken(property: String)
        /// The trace names a property this model does not have.
        case unknownProperty(String)

        public var reproduced: Bool {
            if case .reproduced(_, let step, let recorded) = self { return step == recorded }
            return false
        }

        public var description: String {
            switch self {
            case .reproduced(let p, let step, let recorded) where step == recorded:
                return "reproduced: \"\(p)\" breaks at step \(step), as recorded"
            case .reproduced(let p, let step, let recorded):
                return "diverged: \"\(p)\" now breaks at step \(step), recorded at step \(recorded)"
            case .ranToEnd(let n):
                return "replayed: all \(n) steps enabled"
            case .noInitialState(let i):
                return "diverged: the model has no initial state \(i)"
            case .disabledStep(let step, let action):
                return "diverged: step \(step) (\(action)) is not enabled"
            case .stateChanged(let step):
                return "diverged: the state after step \(step) differs from the recorded one"
            case .propertyNotBroken(let p):
                return "diverged: all steps replay but \"\(p)\" no longer breaks"
            case .unknownProperty(let p):
                return "diverged: the model has no property \"\(p)\""
            }
        }
    }

    /// Replays `trace`, comparing each state with the recorded one when the trace has them.
    public func run(_ trace: Trace<M>) -> Outcome {
        let initials = model.initialStates()
        guard initials.indices.contains(trace.initialState) else { return .noInitialState(trace.initialState) }
        let property = trace.property.flatMap { name in model.properties.first { $0.name == name } }
        if let name = trace.property, property == nil { return .unknownProperty(name) }
        // Without a property, judge against one that never breaks: only enabling and states count.
        let judge = PropertyJudge(model: model, property: property ?? .transition("") { _, _, _, _ in true })
        var changedAt: Int?
        let verdict = judge.judge(initial: initials[trace.initialState], steps: trace.steps) { k, state in
            if trace.states.indices.contains(k), Trace<M>.json(state) != trace.states[k] {
                changedAt = k
                return false
            }
            return true
        }
        if let k = changedAt { return .stateChanged(step: k) }
        switch verdict {
        case .disabled(let step):
            return .disabledStep(step: step, action: trace.steps[step - 1].description)
        case .breaks(let at):
            return .reproduced(property: trace.property ?? "", step: at, recorded: trace.steps.count)
        case .holds:
            if let name = trace.property { return .propertyNotBroken(property: name) }
            return .ranToEnd(steps: trace.steps.count)
        }
    }
}
