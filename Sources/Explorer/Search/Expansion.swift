/// Expands one state: checks the state properties on it, the transition properties on each
/// step out of it, and hands each successor (with its visited-set key) to the caller.
///
/// Shared by the sequential and the parallel search so both see exactly the same steps in the
/// same order; that is what makes their counts and counterexamples equal.
struct Expansion<M: Model>: @unchecked Sendable {
    let model: M
    let worldBudget: Int?
    /// Fingerprint each state's symmetry representative instead of the state.
    let symmetry: Bool
    let properties: [Property<M>]
    /// Each kind's properties, called through unmanaged references (see `Checks`).
    private let checks: Checks
    /// The properties judged on a state (always, sometimes, atQuiescence), in property order:
    /// the columns of a per-property count's state flags.
    let stateJudged: [Int]

    init(model: M, worldBudget: Int?, symmetry: Bool = false) {
        if let mistake = M.storageMistake { preconditionFailure(mistake) }
        self.model = model
        self.worldBudget = worldBudget
        self.symmetry = symmetry
        let all = model.properties
        properties = all
        checks = Checks(all)
        stateJudged = all.indices.filter { all[$0].kind != .transition }
    }

    /// The visited-set key of `state` reached with `used` world actions. Without a budget it is
    /// the plain fingerprint, so distinct counts match other checkers'.
    @inline(__always)
    func key(_ state: M.State, used: UInt8) -> UInt64 {
        // Two calls rather than one on `symmetry ? representative : state`, which copies the state.
        let fp = symmetry ? model.fingerprint(of: model.representative(of: state)) : model.fingerprint(of: state)
        guard worldBudget != nil else { return fp }
        return Fingerprint.mix(fp &+ UInt64(used) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Expands `state` (kept as `stored`, node `node`, reached with `used` world actions) into `out`.
    /// At the depth bound (`checkSteps` false) steps are still taken, to judge quiescence and
    /// whether anything new lies beyond, but no transition is checked or counted.
    ///
    /// Appends to `judged` (when enabled) whether `state` breaks (reaches) each of `stateJudged`
    /// and, per step taken, whether it breaks each transition property, as `PropertyJudge.breaks`
    /// says: what a per-property behaviour count needs. `filter` says which successors are packed
    /// and handed out (all of them when counting: the count needs every step).
    ///
    /// `actions` is the array the model writes the state's actions into and `spare` the model's
    /// spare successor (both kept by the caller from state to state, so a model filling them in
    /// place allocates neither per state: see `PackedModel.loaded(_:reusing:)`).
    /// With `appending`, the successors are added after what `out` holds (the caller's batch of
    /// several states: no per-state clearing of `out` and copying it into the batch).
    @inline(__always)
    func expand(
        _ state: M.State, stored: M.Storage.Stored, node: NodeID, used: UInt8, checkSteps: Bool,
        findings: inout Findings, out: inout [Successor<M.Storage.Stored>], judged: inout JudgedFlags,
        filter: inout SuccessorFilter, actions: inout [M.Action], spare: inout M.State?, appending: Bool = false
    ) {
        if !appending { out.removeAll(keepingCapacity: true) }
        // The searches stop at `NodeIDs.cap`, so a node expanded is below it: its successors'
        // 40-bit parent (`Successor`) is then exact. Checked once a state, not once a step.
        precondition(node < NodeIDs.root, "a node id past 40 bits")
        for check in checks.always {
            let (p, holds) = check._withUnsafeGuaranteedRef { ($0.index, $0.property.stateCheck?(model, state)) }
            if holds == false { findings.violated(p, .state(node)) }
        }
        for check in checks.sometimes {
            let p = check._withUnsafeGuaranteedRef { $0.index }
            guard findings.witness[p] == nil else { continue }
            if check._withUnsafeGuaranteedRef({ $0.property.stateCheck?(model, state) }) == true { findings.reached(p, node) }
        }
        model.actions(in: state, into: &actions)
        precondition(actions.count <= Int(UInt16.max), "\(model.name): more than 65535 actions in one state")
        let budgetLeft = worldBudget.map { Int(used) < $0 } ?? true
        var quiescent = true
        // A step's case is asked only where a check names cases (a model naming none pays nothing).
        let namesCases = checks.namesCases
        let everyTransition = checks.transitions(ofCase: Property<M>.caseLimit)
        // A successor the filter tests is held until the next one to test is built (or the
        // state's last step is taken): its slot, prefetched, then arrives during that step, where
        // testing at once waited for it (a tenth of the fleet's CPU). The tests and the
        // successors handed out keep their order. Every other successor is done with by the
        // end of its step: the model may build the next in it.
        var held: Held?
        for (index, action) in actions.enumerated() {
            let world = model.kind(of: action) == .world
            if world && !budgetLeft { continue }
            guard let next = M.Storage.next(state, action, reusing: &spare, in: model) else { continue }
            let nextUsed = world ? used &+ 1 : used
            // The successor's key first, its visited-set slot fetched while the step is checked:
            // the cache miss overlaps that work instead of stalling the test after it. A repeat
            // of a key tested just before needs no slot.
            let nextKey = key(next, used: nextUsed)
            let repeated = filter.isRepeat(nextKey)
            if !repeated { filter.visited?.prefetch(nextKey) }
            if !world && quiescent && next != state { quiescent = false }
            if checkSteps {
                findings.transitions += 1
                // Only the checks about this action's case are called; judging flags every one.
                let c = namesCases ? model.actionCase(of: action) : Property<M>.caseLimit
                for check in namesCases && !judged.enabled ? checks.transitions(ofCase: c) : everyTransition {
                    let (p, holds) = check._withUnsafeGuaranteedRef {
                        ($0.index, $0.property.concerns(c) ? $0.property.stepCheck?(model, state, action, next) : true)
                    }
                    let broken = holds == false
                    if broken { findings.violated(p, .step(node, UInt16(index))) }
                    if judged.enabled { judged.steps.append(broken) }
                }
            }
            if repeated {
                M.Storage.recycle(next, into: &spare, in: model)
                continue
            }
            if let before = held.take() {
                hand(before, of: state, stored, node: node, filter: &filter, out: &out)
                M.Storage.recycle(before.state, into: &spare, in: model)
            }
            let successor = Held(state: next, key: nextKey, action: UInt16(index), used: nextUsed)
            if filter.tests {
                held = successor
            } else {
                hand(successor, of: state, stored, node: node, filter: &filter, out: &out)
                M.Storage.recycle(next, into: &spare, in: model)
            }
        }
        if let last = held.take() {
            hand(last, of: state, stored, node: node, filter: &filter, out: &out)
            M.Storage.recycle(last.state, into: &spare, in: model)
        }
        // A step only a bound refused keeps the state from being quiescent (asked of few states);
        // the state is counted so the report can say how much the bounds cut.
        if quiescent && !checks.atQuiescence.isEmpty {
            let bounds = model.boundsRefusingSystemSteps(in: state, actions)
            if !bounds.isEmpty {
                quiescent = false
                findings.noteCut(bounds)
            }
        }
        if quiescent {
            for check in checks.atQuiescence {
                let (p, holds) = check._withUnsafeGuaranteedRef { ($0.index, $0.property.stateCheck?(model, state)) }
                if holds == false { findings.violated(p, .state(node)) }
            }
        }
        if judged.enabled {
            for p in stateJudged {
                let check = properties[p].stateCheck?(model, state)
                switch properties[p].kind {
                case .always: judged.states.append(check == false)
                case .sometimes: judged.states.append(check == true)
                case .atQuiescence: judged.states.append(quiescent && check == false)
                case .transition: judged.states.append(false)
                }
            }
        }
    }
}

extension Expansion {
    /// A successor built and checked, its filter test still to come (see `expand`).
    struct Held {
        let state: M.State
        let key: UInt64
        let action: UInt16
        let used: UInt8
    }

    /// Appends `successor` (a step out of `state`, kept as `stored`, node `node`) to `out` unless
    /// `filter` drops it. A successor the search would drop is not packed: that saves the model's `stored`.
    @inline(__always)
    func hand(
        _ successor: Held, of state: M.State, _ stored: M.Storage.Stored, node: NodeID, filter: inout SuccessorFilter,
        out: inout [Successor<M.Storage.Stored>]
    ) {
        if filter.tests && !filter.keeps(successor.key) { return }
        out.append(Successor(
            state: M.Storage.stored(successor.state, after: state, stored, in: model), key: successor.key, parent: node,
            action: successor.action, used: successor.used))
    }
}

/// Per node and per step, whether a property breaks there (see `Expansion.expand`), appended in
/// the order the search takes them; disabled, nothing is appended.
struct JudgedFlags {
    let enabled: Bool
    var states: [Bool] = []
    var steps: [Bool] = []
}

/// A step out of an expanded state: the state it reaches (as the model stores it), keyed for
/// the visited set, with the node it is a step out of. The state first: a 16-byte-aligned state
/// (the fleet's SIMD words) then leaves no gap before the key, 48 bytes a successor, not 64.
/// The parent's 40 bits as a 32-bit word and a byte after `used`: a 64-bit parent would make
/// the fleet's successor 64 bytes.
struct Successor<State> {
    let state: State
    let key: UInt64
    private let parentLow: UInt32
    let action: UInt16
    let used: UInt8
    private let parentHigh: UInt8

    /// `parent` must be below 2^40: the node `Expansion.expand` checked.
    @inline(__always)
    init(state: State, key: UInt64, parent: NodeID, action: UInt16, used: UInt8) {
        self.state = state
        self.key = key
        parentLow = UInt32(truncatingIfNeeded: parent)
        parentHigh = UInt8(truncatingIfNeeded: parent >> 32)
        self.action = action
        self.used = used
    }

    @inline(__always)
    var parent: NodeID { NodeID(parentHigh) << 32 | NodeID(parentLow) }
}

/// Where a violation was found: at a stored state, or on a step out of one.
enum Found: Sendable, Equatable {
    case state(NodeID)
    case step(NodeID, UInt16)
}

/// What a batch of expansions found; merged in frontier order so the first wins everywhere.
struct Findings: Sendable {
    var violation: [Found?]
    var witness: [NodeID?]
    var transitions = 0
    var beyondBound = false
    /// States not judged at quiescence because a bound refused a system step (a sum), and per
    /// bound name. Plain counts, not a `BoundCut`: holding that public type here stopped the
    /// search from being specialized for each model across modules (+70% CPU on the fleet).
    var cutStates = 0
    var cutBounds: [String] = []
    var cutCounts: [Int] = []

    init(properties: Int) {
        violation = Array(repeating: nil, count: properties)
        witness = Array(repeating: nil, count: properties)
    }

    /// Not inlined, as `reached`: inlined, the search made both arrays unique before every
    /// state's checks (two runtime calls a state), for writes that happen a few times a run.
    @inline(never)
    mutating func violated(_ p: Int, _ at: Found) {
        if violation[p] == nil { violation[p] = at }
    }

    /// The first state reaching `sometimes` property `p` (see `violated`).
    @inline(never)
    mutating func reached(_ p: Int, _ node: NodeID) {
        if witness[p] == nil { witness[p] = node }
    }

    /// Keeps what is already here (found earlier in frontier order) and adds the rest.
    mutating func absorb(_ later: Findings) {
        for p in violation.indices {
            if violation[p] == nil { violation[p] = later.violation[p] }
            if witness[p] == nil { witness[p] = later.witness[p] }
        }
        transitions += later.transitions
        cutStates += later.cutStates
        for (bound, n) in zip(later.cutBounds, later.cutCounts) { noteCut(bound, n) }
        beyondBound = beyondBound || later.beyondBound
    }

    var anyViolation: Bool { violation.contains { $0 != nil } }

    /// One state cut by `bounds` (distinct names).
    mutating func noteCut(_ bounds: [String]) {
        cutStates += 1
        for bound in bounds { noteCut(bound, 1) }
    }

    mutating func noteCut(_ bound: String, _ n: Int) {
        if let i = cutBounds.firstIndex(of: bound) {
            cutCounts[i] += n
        } else {
            cutBounds.append(bound)
            cutCounts.append(n)
        }
    }

    var boundCut: BoundCut {
        BoundCut(states: cutStates, refusals: zip(cutBounds, cutCounts).map { BoundCut.Refusal(bound: $0, states: $1) })
    }
}
