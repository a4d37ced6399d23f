import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// Phone symmetry (`representative(of:)`): the reduced search gives every property the verdict
/// and the shortest counterexample length of the full one, on no more states (none fewer since
/// issue 50: the registry's order tells the phones apart, Models/README.md "Symmetry"). The counts of both
/// are pinned, so a change to the model's state space or to its fingerprint shows up here.
@Suite("FleetSystem symmetry")
struct FleetSymmetryTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let config: FleetConfig
        /// Distinct states and transitions, full then reduced.
        let full: (states: Int, transitions: Int)
        let reduced: (states: Int, transitions: Int)
        var description: String { name }
    }

    static func twoPhones(_ guardOff: String?, budget: Int, depth: Int) -> FleetConfig {
        var world = Fixture.noFaults
        world.noBackgroundLaunch = true
        return Fixture.config(
            sessions: [.init(host: 0, hidden: false, initial: .working)], devices: 2, world: world, budget: budget,
            depth: depth, guards: guardOff.flatMap(Guards.allBut) ?? .all)
    }

    static let cases: [Case] = [
        Case(name: "two phones, budget 0, depth 12", config: twoPhones(nil, budget: 0, depth: 12),
             full: (958, 3600), reduced: (958, 3600)),
        Case(name: "two phones, updatedAt compared, budget 0, depth 10", config: twoPhones("updatedAtExcluded", budget: 0, depth: 10),
             full: (416, 1251), reduced: (416, 1251)),
        // Both trust guards off: what "end gate off" meant before issue 47 split creation's gate
        // from it, and the same counts as then (the split adds a switch, it changes no behaviour).
        Case(name: "two phones, both trust gates off, budget 1, depth 7", config: bothTrustGatesOff(twoPhones(nil, budget: 1, depth: 7)),
             full: (912, 1864), reduced: (912, 1864)),
        Case(name: "two phones, end gate off, budget 1, depth 7", config: twoPhones("endGateTrustworthiness", budget: 1, depth: 7),
             full: (776, 1573), reduced: (776, 1573)),
    ]

    static func bothTrustGatesOff(_ config: FleetConfig) -> FleetConfig {
        var c = config
        c.guards = Guards.allBut("endGateTrustworthiness")?.with("creationGatedOnTrust", false) ?? .all
        return c
    }

    /// A verdict as comparable text: the outcome and the length of its trace.
    static func summary(_ v: SearchReport<FleetSystem>.Verdict) -> String {
        switch v.outcome {
        case .holds: "\(v.name) holds \(v.witness?.steps.count ?? -1)"
        case .unreached: "\(v.name) unreached"
        case .violated(let t): "\(v.name) violated \(t.steps.count)"
        }
    }

    @Test("same verdicts and shortest lengths as the full search, no more states; both counts pinned", arguments: cases)
    func agrees(_ c: Case) {
        let model = FleetSystem(config: c.config)
        let options = SearchOptions(depthBound: c.config.bounds.depth, worldBudget: c.config.bounds.worldBudget)
        var reducedOptions = options
        reducedOptions.symmetry = true
        let full = BreadthFirstSearch(model, options: options).run()
        let reduced = BreadthFirstSearch(model, options: reducedOptions).run()
        print("\(c.name): full \(full.distinctStates) states \(full.transitions) transitions; reduced \(reduced.distinctStates) states \(reduced.transitions) transitions")
        #expect(reduced.verdicts.map(Self.summary) == full.verdicts.map(Self.summary))
        #expect(full.verdicts.contains { if case .violated = $0.outcome { true } else { false } } || c.config.guards == .all)
        #expect((full.distinctStates, full.transitions) == c.full)
        #expect((reduced.distinctStates, reduced.transitions) == c.reduced)
        // Never more states. Since the registry keeps first-registration order (issue 50), phone 1's
        // token is sent to first from the start and no re-registration moves it, so no mirrored
        // state of these worlds is reachable and the phone swap reduces nothing here (it did when
        // a re-registration moved a token to the front); the swap is still checked to be sound.
        #expect(reduced.distinctStates <= full.distinctStates)
        // Reduced counterexamples are real behaviours: each replays to its violation.
        for v in reduced.verdicts {
            guard case .violated(let t) = v.outcome else { continue }
            #expect(Fixture.run(model, t.steps) != nil)
        }
    }

    @Test("the representative is the same for a state and its phones swapped")
    func orbit() {
        let model = FleetSystem(config: Self.twoPhones(nil, budget: 1, depth: 8))
        let states = reachable(model, depth: 8)
        var swappedSeen = 0
        for s in states {
            let swapped = model.canonical(model.permuted(s, phones: [1, 0]))
            if swapped != s { swappedSeen += 1 }
            #expect(model.fingerprint(of: model.representative(of: swapped)) == model.fingerprint(of: model.representative(of: s)))
        }
        #expect(swappedSeen > 100)
    }

    /// Why sessions can be swapped (Models/README.md, "Time"): rows order oldest-first by since
    /// and each session carries its since order, so swapping two identically configured
    /// sessions maps the correct card to the correct card, renamed. With rows ordered by sid
    /// (the model before since was modelled) the swapped truth came out in the other order.
    @Test("two working sessions of one host are interchangeable: swapping them maps the correct card to the correct card")
    func sessionsAreSymmetric() {
        let specs = [FleetConfig.SessionSpec(host: 0, initial: .working), FleetConfig.SessionSpec(host: 0, initial: .working)]
        // s2 entered working first, then s1: the card shows s2 above s1.
        let sessions: FleetState.Sessions = [SessionCell(activity: .working, duplicated: false, since: 1), SessionCell(activity: .working, duplicated: false, since: 0)]
        let truth = FleetLogic.truth(sessions: sessions, specs: specs, guards: .all)
        #expect(Array(truth.rows) == [1 << 1, 0 << 1])
        // The swap moves each session, its since order with it, to the other's index.
        let swappedSessions: FleetState.Sessions = [sessions[1], sessions[0]]
        var renamed = truth
        renamed.rows = FixedList(truth.rows.map { ($0 & 1) | (($0 >> 1) == 0 ? 1 << 1 : 0) })
        let swappedTruth = FleetLogic.truth(sessions: swappedSessions, specs: specs, guards: .all)
        #expect(swappedTruth == renamed)
        #expect(FleetLogic.sameRenderable(swappedTruth, renamed, guards: .all))
    }

    static func twoSessions(_ initial: Activity, guardOff: String?, budget: Int, depth: Int) -> FleetConfig {
        Fixture.config(
            sessions: [.init(host: 0, hidden: false, initial: initial), .init(host: 0, hidden: false, initial: initial)],
            devices: 1, budget: budget, depth: depth, guards: guardOff.flatMap(Guards.allBut) ?? .all)
    }

    static let sessionCases: [Case] = [
        Case(name: "two idle sessions, budget 2, depth 12", config: twoSessions(.idle, guardOff: nil, budget: 2, depth: 12),
             full: (5932, 17433), reduced: (2977, 8754)),
        Case(name: "two working sessions, updatedAt compared, budget 1, depth 10",
             config: twoSessions(.working, guardOff: "updatedAtExcluded", budget: 1, depth: 10),
             full: (1337, 3778), reduced: (1199, 3418)),
        Case(name: "two needs-input sessions, budget 1, depth 8",
             config: twoSessions(.needsInput, guardOff: nil, budget: 1, depth: 8),
             full: (712, 1755), reduced: (636, 1595)),
    ]

    @Test("sessions: same verdicts and shortest lengths as the full search, fewer states; both counts pinned", arguments: sessionCases)
    func sessionsAgree(_ c: Case) {
        #expect(FleetSystem(config: c.config).parts.sessionPermutations.count == 2)
        agrees(c)
    }

    /// The swap is a symmetry of the steps, not only of the fingerprint: the successors of a
    /// swapped state are the swapped successors (with rows in sid order they are not: a card of
    /// two working sessions comes out in the other order).
    @Test("swapping two alike sessions commutes with every step, and the representative is the same")
    func sessionOrbit() {
        let model = FleetSystem(config: Self.twoSessions(.idle, guardOff: nil, budget: 2, depth: 7))
        let states = reachable(model, depth: 7)
        func swap(_ s: FleetState) -> FleetState { model.canonical(model.permuted(s, sessions: [1, 0])) }
        // By fingerprint: a tick's `decided` keeps FleetCard's sids (see `permuted(_:sessions:)`).
        func successors(_ s: FleetState) -> Set<UInt64> {
            Set(model.actions(in: s).compactMap { model.next(s, $0).map { model.fingerprint(of: model.canonical($0)) } })
        }
        var swappedSeen = 0, mismatches = 0
        for s in states {
            let swapped = swap(s)
            if swapped != s { swappedSeen += 1 }
            #expect(model.fingerprint(of: model.representative(of: swapped)) == model.fingerprint(of: model.representative(of: s)))
            let swappedSuccessors = Set(model.actions(in: s).compactMap { model.next(s, $0).map { model.fingerprint(of: swap($0)) } })
            if swappedSuccessors != successors(swapped) { mismatches += 1 }
        }
        #expect(swappedSeen > 100)
        #expect(mismatches == 0, "states whose swapped successors are not the swapped state's successors")
    }

    @Test("sessions are not permuted where a duplicated row ties on since with seenSidSkip off; otherwise only alike ones")
    func sessionPermutationsNeedAlikeSessions() {
        var world = Fixture.noFaults
        world.duplicateRows = true
        let alike: [FleetConfig.SessionSpec] = [.init(host: 0, initial: .working), .init(host: 0, initial: .working)]
        #expect(FleetSystem.sessionPermutations(Fixture.config(sessions: alike, world: world)) == [[0, 1], [1, 0]])
        // `entered` fixes only the initial since order, which each session carries: still alike.
        let entered: [FleetConfig.SessionSpec] = [.init(host: 0, initial: .working, entered: 1), .init(host: 0, initial: .working)]
        #expect(FleetSystem.sessionPermutations(Fixture.config(sessions: entered)) == [[0, 1], [1, 0]])
        #expect(FleetSystem.sessionPermutations(Fixture.config(sessions: alike, world: world, guards: Guards.allBut("seenSidSkip") ?? .all)) == [[0, 1]])
        let unlike: [[FleetConfig.SessionSpec]] = [
            [.init(host: 0, initial: .working), .init(host: 0, initial: .idle)],
            [.init(host: 0, hidden: true, initial: .working), .init(host: 0, initial: .working)],
            [.init(host: 0, initial: .working), .init(host: 1, initial: .working)],
        ]
        for specs in unlike { #expect(FleetSystem.sessionPermutations(Fixture.config(sessions: specs, hosts: 2)) == [[0, 1]]) }
    }
}
