import Explorer

/// Lamport's two-phase commit (TLA+ Examples, `TwoPhase.tla`; Stateright's `2pc.rs`):
/// a transaction manager and `resourceManagers` resource managers agreeing to commit or abort.
///
/// The state is packed into one word, so the search neither allocates nor hashes through
/// `Hashable`. Published distinct-state counts: 288 for 3 managers (TLC, Stateright).
public struct TwoPhaseCommit: Model, Codable {
    /// Number of resource managers, 1...12.
    public var resourceManagers: Int

    public init(resourceManagers: Int) {
        precondition((1...12).contains(resourceManagers), "two-phase commit takes 1 to 12 resource managers")
        self.resourceManagers = resourceManagers
    }

    public var name: String { "two-phase-commit" }

    public func initialStates() -> [State] { [State(resourceManagers: resourceManagers)] }

    public func actions(in s: State) -> [Action] {
        var out: [Action] = []
        out.reserveCapacity(2 * resourceManagers + 2)
        let n = resourceManagers
        if !s.tmDone {
            for rm in 0..<n where s.preparedMessage(rm) && !s.tmPrepared(rm) { out.append(Action(.tmReceivePrepared, rm)) }
            if s.allTMPrepared(n) { out.append(Action(.tmCommit)) }
            out.append(Action(.tmAbort))
        }
        for rm in 0..<n {
            switch s.rm(rm) {
            case .working:
                out.append(Action(.rmPrepare, rm))
                out.append(Action(.rmChooseToAbort, rm))
            default:
                break
            }
            if s.commitMessage && s.rm(rm) != .committed { out.append(Action(.rmReceiveCommit, rm)) }
            if s.abortMessage && s.rm(rm) != .aborted { out.append(Action(.rmReceiveAbort, rm)) }
        }
        return out
    }

    public func next(_ s: State, _ a: Action) -> State? {
        var t = s
        let rm = a.rm ?? 0
        guard rm < resourceManagers else { return nil }
        switch a.kind {
        case .tmReceivePrepared:
            guard !s.tmDone, s.preparedMessage(rm) else { return nil }
            t.setTMPrepared(rm)
        case .tmCommit:
            guard !s.tmDone, s.allTMPrepared(resourceManagers) else { return nil }
            t.tmDone = true
            t.commitMessage = true
        case .tmAbort:
            guard !s.tmDone else { return nil }
            t.tmDone = true
            t.abortMessage = true
        case .rmPrepare:
            guard s.rm(rm) == .working else { return nil }
            t.setRM(rm, .prepared)
            t.setPreparedMessage(rm)
        case .rmChooseToAbort:
            guard s.rm(rm) == .working else { return nil }
            t.setRM(rm, .aborted)
        case .rmReceiveCommit:
            guard s.commitMessage else { return nil }
            t.setRM(rm, .committed)
        case .rmReceiveAbort:
            guard s.abortMessage else { return nil }
            t.setRM(rm, .aborted)
        }
        return t
    }

    /// A manager choosing to abort is the environment deciding; the rest is the protocol.
    public func kind(of action: Action) -> ActionKind {
        action.kind == .rmChooseToAbort ? .world : .system
    }

    public func actorOutOfRange(_ action: Action) -> String? {
        guard let rm = action.rm, !(0..<resourceManagers).contains(rm) else { return nil }
        return "resource manager index \(rm) out of range: the model has \(resourceManagers) (0...\(resourceManagers - 1))"
    }

    public func actorName(of action: Action) -> String? {
        switch action.kind {
        case .tmReceivePrepared, .tmCommit, .tmAbort: "TM"
        default: "rm\((action.rm ?? 0).oneBased)"
        }
    }

    public var properties: [Property<Self>] {
        [
            .always("consistent") { model, s in
                // No manager committed while another aborted (TwoPhase.tla's TCConsistent).
                var committed = false, aborted = false
                for rm in 0..<model.resourceManagers {
                    switch s.rm(rm) {
                    case .committed: committed = true
                    case .aborted: aborted = true
                    default: break
                    }
                }
                return !(committed && aborted)
            },
            .sometimes("all committed") { model, s in
                (0..<model.resourceManagers).allSatisfy { s.rm($0) == .committed }
            },
            .sometimes("all aborted") { model, s in
                (0..<model.resourceManagers).allSatisfy { s.rm($0) == .aborted }
            },
        ]
    }

    public func fingerprint(of state: State) -> UInt64 { Fingerprint.mix(state.bits) }

    enum CodingKeys: String, CodingKey { case resourceManagers }
}
