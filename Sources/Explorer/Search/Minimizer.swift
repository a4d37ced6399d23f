/// Reduces a counterexample: delta debugging (Zeller's ddmin) over its steps, then fewer
/// switches between actors (when the model names them), then canonical names through the
/// model's symmetry hook.
///
/// Every candidate is replayed from the trace's initial state: each step must be enabled when
/// reached, and the *same* property must break; the candidate is cut at the step where it
/// breaks. The result is 1-minimal: removing any single step loses the violation.
public struct Minimizer<M: Model> {
    public let model: M

    public init(_ model: M) { self.model = model }

    /// The reduced trace, or `trace` unchanged when it does not break its property here.
    public func minimize(_ trace: Trace<M>) -> Trace<M> {
        guard let name = trace.property,
              let property = model.properties.first(where: { $0.name == name }) else { return trace }
        let initials = model.initialStates()
        guard initials.indices.contains(trace.initialState) else { return trace }
        let judge = PropertyJudge(model: model, property: property)
        let initial = initials[trace.initialState]

        /// The candidate cut where the property breaks, or nil when it does not break.
        func test(_ steps: [M.Action]) -> [M.Action]? {
            if case .breaks(let at) = judge.judge(initial: initial, steps: steps) { return Array(steps.prefix(at)) }
            return nil
        }
        guard var steps = test(trace.steps) else { return trace }
        let before = steps.count

        var granularity = 2
        while steps.count >= 2 {
            let chunk = (steps.count + granularity - 1) / granularity
            var reduced = false
            for start in stride(from: 0, to: steps.count, by: chunk) {
                var complement = steps
                complement.removeSubrange(start..<min(start + chunk, steps.count))
                if let kept = test(complement) {
                    steps = kept
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                if granularity >= steps.count { break }
                granularity = min(granularity * 2, steps.count)
            }
        }

        steps = grouped(steps, test: test)
        let canonical = model.canonicalized(steps)
        if canonical != steps, let kept = test(canonical), kept.count == steps.count { steps = kept }

        let level: Minimization =
            switch trace.minimization {
            case .shortest, .shortestOneMinimal: steps.count == before ? .shortestOneMinimal : .oneMinimal
            default: .oneMinimal
            }
        return Trace(
            model: model, initialState: trace.initialState, steps: steps, property: name, seed: trace.seed,
            minimization: level)
    }

    /// Moves a later step of the previous step's actor forward while the trace still breaks the
    /// same property at its last step, so it reads as fewer turns ("fewer switches between
    /// actors", tlaplus #1084). Each actor's own steps keep their order; each move removes a switch.
    private func grouped(_ start: [M.Action], test: ([M.Action]) -> [M.Action]?) -> [M.Action] {
        var steps = start
        func switches(_ s: [M.Action]) -> Int {
            zip(s, s.dropFirst()).filter { model.actorName(of: $0) != model.actorName(of: $1) }.count
        }
        guard steps.contains(where: { model.actorName(of: $0) != nil }) else { return steps }
        var improved = true
        while improved {
            improved = false
            search: for i in steps.indices.dropFirst() {
                let previous = model.actorName(of: steps[i - 1])
                guard previous != nil, model.actorName(of: steps[i]) != previous else { continue }
                guard let j = steps[(i + 1)...].firstIndex(where: { model.actorName(of: $0) == previous }) else { continue }
                var candidate = steps
                candidate.insert(candidate.remove(at: j), at: i)
                if let kept = test(candidate), kept.count == steps.count, switches(kept) < switches(steps) {
                    steps = kept
                    improved = true
                    break search
                }
            }
        }
        return steps
    }
}
