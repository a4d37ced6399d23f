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
        actions(in: s, into: &out)
        return out
    }

    /// Written into the search's own array, which keeps its capacity from state to state: the
    /// actions go into a buffer on the stack, then into `out` in one copy. An append each was a
    /// uniqueness check each, a runtime call per action (issue 34).
    public func actions(in s: State, into out: inout [Action]) {
        let n = resourceManagers
        withUnsafeTemporaryAllocation(of: Action.self, capacity: 4 * n + 2) { buffer in
            var count = 0
            func add(_ action: Action) {
                buffer.initializeElement(at: count, to: action)
                count += 1
            }
            if !s.tmDone {
                for rm in 0..<n where s.preparedMessage(rm) && !s.tmPrepared(rm) { add(Action(.tmReceivePrepared, rm)) }
                if s.allTMPrepared(n) { add(Action(.tmCommit)) }
                add(Action(.tmAbort))
            }
            for rm in 0..<n {
                switch s.rm(rm) {
                case .working:
                    add(Action(.rmPrepare, rm))
                    add(Action(.rmChooseToAbort, rm))
                default:
                    break
                }
                if s.commitMessage && s.rm(rm) != .committed { add(Action(.rmReceiveCommit, rm)) }
                if s.abortMessage && s.rm(rm) != .aborted { add(Action(.rmReceiveAbort, rm)) }
            }
            let written = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            out.replaceSubrange(out.indices, with: written)
            _ = written.deinitialize()
        }
    }

    /// Inlinable: the search's step inlines it (a call per step, its arguments and result on
    /// the stack, were a tenth of two-phase commit's search; issue 34).
    @inlinable @inline(__always)
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
        // Each reads every manager's 2-bit state at once (`State.managers(in:)`): the search asks
        // them of every state, where a loop over the managers was a tenth of its instructions.
        [
            .always("consistent") { model, s in
                // No manager committed while another aborted (TwoPhase.tla's TCConsistent).
                !(s.managers(in: .committed, of: model.resourceManagers) != 0
                    && s.managers(in: .aborted, of: model.resourceManagers) != 0)
            },
            .sometimes("all committed") { model, s in
                s.managers(in: .committed, of: model.resourceManagers) == State.everyManager(model.resourceManagers)
            },
            .sometimes("all aborted") { model, s in
                s.managers(in: .aborted, of: model.resourceManagers) == State.everyManager(model.resourceManagers)
            },
        ]
    }

    public func fingerprint(of state: State) -> UInt64 { Fingerprint.mix(state.bits) }

    enum CodingKeys: String, CodingKey { case resourceManagers }
}
