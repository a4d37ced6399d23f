/// Re-executes steps one at a time and says where a given property first breaks (or, for a
/// `sometimes` property, is first reached). Replay and minimization both judge through it, so
/// "the same property breaks" means the same thing in both (and in a model's own tools, such
/// as the fleet's diagnosis of a server log).
public struct PropertyJudge<M: Model> {
    let model: M
    let property: Property<M>

    public init(model: M, property: Property<M>) {
        self.model = model
        self.property = property
    }

    /// What happened on one run of `steps` from `initial`.
    enum Verdict: Equatable {
        /// Step `k` (1-based) is not enabled where it is reached.
        case disabled(step: Int)
        /// The property breaks in state k (0 = the initial state) or on step k.
        case breaks(at: Int)
        /// Every step ran; the property never broke.
        case holds
    }

    /// Runs `steps`; `visit` sees each state reached (index, state) before it is judged.
    func judge(initial: M.State, steps: [M.Action], visit: (Int, M.State) -> Bool = { _, _ in true }) -> Verdict {
        var state = initial
        if !visit(0, state) { return .holds }
        if breaks(before: nil, state) { return .breaks(at: 0) }
        for (i, action) in steps.enumerated() {
            guard model.actions(in: state).contains(action), let next = model.next(state, action) else {
                return .disabled(step: i + 1)
            }
            let before = state
            state = next
            if !visit(i + 1, state) { return .holds }
            if breaks(before: (before, action), state) { return .breaks(at: i + 1) }
        }
        return .holds
    }

    /// Whether the property is broken on arriving in `state` (by `step`, when there was one);
    /// for a `sometimes` property, whether it is reached there.
    public func breaks(before step: (M.State, M.Action)?, _ state: M.State) -> Bool {
        switch property.kind {
        case .always:
            return property.stateCheck?(model, state) == false
        case .sometimes:
            return property.stateCheck?(model, state) == true
        case .transition:
            guard let (old, action) = step, property.concerns(model.actionCase(of: action)) else { return false }
            return property.stepCheck?(model, old, action, state) == false
        case .atQuiescence:
            // The check first: quiescence takes every enabled step, and most states pass the check.
            return property.stateCheck?(model, state) == false && model.isQuiescent(state)
        }
    }
}
