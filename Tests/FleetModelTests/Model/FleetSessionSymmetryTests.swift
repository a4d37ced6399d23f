import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// Session symmetry (`permuted(_:sessions:)`), brute force on small configurations: every
/// permutation of alike sessions commutes with every step, and the reduced search gives every
/// property the full search's verdict and shortest length, with each guard off in turn.
@Suite("FleetSystem session symmetry")
struct FleetSessionSymmetryTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let config: FleetConfig
        var description: String { name }
    }

    static func config(
        _ specs: [FleetConfig.SessionSpec], hosts: Int = 1, world edit: (inout FleetConfig.World) -> Void = { _ in },
        budget: Int, depth: Int, guards: Guards = .all
    ) -> FleetConfig {
        var world = Fixture.noFaults
        edit(&world)
        return Fixture.config(sessions: specs, hosts: hosts, world: world, budget: budget, depth: depth, guards: guards)
    }

    static let working = FleetConfig.SessionSpec(host: 0, initial: .working)
    static let idle = FleetConfig.SessionSpec(host: 0, initial: .idle)

    /// Small worlds that reach every place a session is named: cold launches (the cache),
    /// restarts (the file and its load), duplicate rows, hidden sessions, a second host.
    static let commuteCases: [Case] = [
        Case(name: "two working sessions, the app terminated", config: config(
            [working, working], world: { $0.appTerminated = true }, budget: 2, depth: 5)),
        Case(name: "two idle sessions, restarts", config: config(
            [idle, idle], world: { $0.serverRestart = true }, budget: 2, depth: 5)),
        Case(name: "two working sessions, duplicate rows", config: config(
            [working, working], world: { $0.duplicateRows = true }, budget: 1, depth: 5)),
        Case(name: "two hidden needs-input sessions on the second host", config: config(
            [.init(host: 1, hidden: true, initial: .needsInput), .init(host: 1, hidden: true, initial: .needsInput)],
            hosts: 2, budget: 1, depth: 5)),
        Case(name: "three working sessions", config: config([working, working, working], budget: 1, depth: 4)),
    ]

    /// Up to three states (with the actions whose renamed successors the renamed state lacks or
    /// gains) where renaming the sessions by a permutation of `permutations` does not commute with
    /// the steps, and how many reachable states the renaming moved.
    static func mismatches(_ model: FleetSystem, _ permutations: [[Int]], depth: Int) -> (moved: Int, found: [String]) {
        var moved = 0, found: [String] = []
        for s in reachable(model, depth: depth) {
            for p in permutations {
                let t = model.canonical(model.permuted(s, sessions: p))
                if t != s { moved += 1 }
                let expected = Set(model.actions(in: s).compactMap { a in
                    model.next(s, a).map { model.fingerprint(of: model.canonical(model.permuted($0, sessions: p))) }
                })
                let actual = Set(model.actions(in: t).compactMap { model.next(t, $0).map { model.fingerprint(of: $0) } })
                guard expected != actual, found.count < 3 else { continue }
                let odd = model.actions(in: t).filter { a in model.next(t, a).map { !expected.contains(model.fingerprint(of: $0)) } ?? false }
                found.append("\(p) on \(t.sessions.map { "\($0.activity)/\($0.since)" }): \(odd)")
            }
        }
        return (moved, found)
    }

    @Test("every permutation of alike sessions commutes with every step", arguments: commuteCases)
    func commutes(_ c: Case) {
        let model = FleetSystem(config: c.config)
        let permutations = Array(model.parts.sessionPermutations.dropFirst())
        #expect(!permutations.isEmpty)
        let (moved, found) = Self.mismatches(model, permutations, depth: c.config.bounds.depth)
        #expect(moved > 50)
        #expect(found.isEmpty, "states whose renamed successors are not the renamed state's: \(found)")
    }

    /// Why the trust guards matter (Models/README.md, "Symmetry"): a store hydrated from the
    /// cache carries no since order, so its rows tie and break on sid; only without
    /// creationGatedOnTrust does an untrusted store create a card (issue 47 split it from the end gate's).
    @Test("with creation's trust gate off the app's cache-hydrated card orders by sid: swapping sessions does not commute, so they are not reduced")
    func cacheTiesBreakOnSid() {
        let model = FleetSystem(config: Self.config(
            [Self.working, Self.working], budget: 0, depth: 3, guards: Guards.allBut("creationGatedOnTrust") ?? .all))
        #expect(model.parts.sessionPermutations == [[0, 1]])
        let (_, found) = Self.mismatches(model, [[1, 0]], depth: 3)
        #expect(found.contains { $0.contains("the app syncs on phone1") })
        // With the guard on, the untrusted store writes nothing: the same states commute.
        let guarded = FleetSystem(config: Self.config([Self.working, Self.working], budget: 0, depth: 3))
        #expect(guarded.parts.sessionPermutations == [[0, 1], [1, 0]])
        #expect(Self.mismatches(guarded, [[1, 0]], depth: 3).found.isEmpty)
    }
}

extension FleetSessionSymmetryTests {
    /// Configurations with two or three alike sessions, small enough to search twice per guard.
    static let searchCases: [Case] = [
        Case(name: "two working sessions, budget 1, depth 7", config: config([working, working], budget: 1, depth: 7)),
        Case(name: "two idle sessions, budget 2, depth 7", config: config([idle, idle], budget: 2, depth: 7)),
        Case(name: "three working sessions, budget 1, depth 5", config: config([working, working, working], budget: 1, depth: 5)),
    ]

    /// Each property's verdict and trace length, and the distinct states searched.
    static func summaries(_ model: FleetSystem, symmetry: Bool) -> (verdicts: [String], states: Int) {
        var options = SearchOptions(depthBound: model.config.bounds.depth, worldBudget: model.config.bounds.worldBudget)
        options.symmetry = symmetry
        let report = BreadthFirstSearch(model, options: options).run()
        return (report.verdicts.map(FleetSymmetryTests.summary), report.distinctStates)
    }

    @Test("with every guard off in turn, the reduced search gives each property the full search's verdict and shortest length",
          arguments: searchCases)
    func sameVerdictsEachGuardOff(_ c: Case) {
        for name in [nil] + Guards.names {
            var config = c.config
            config.guards = name.flatMap(Guards.allBut) ?? .all
            let model = FleetSystem(config: config)
            guard model.parts.sessionPermutations.count > 1 else { continue }
            let reduced = Self.summaries(model, symmetry: true), full = Self.summaries(model, symmetry: false)
            #expect(reduced.verdicts == full.verdicts, "\(name ?? "all guards on")")
            #expect(reduced.states < full.states, "\(name ?? "all guards on"): the swap reduced nothing")
        }
    }
}

extension FleetSessionSymmetryTests {
    @Test("with every guard off in turn, where sessions are reduced, their swap commutes with every step (faults on, short depth)")
    func commutesEachGuardOff() {
        for name in Guards.names {
            let model = FleetSystem(config: Self.config(
                [Self.working, Self.working],
                world: { $0.duplicateRows = true; $0.appTerminated = true; $0.serverRestart = true; $0.sendFails = true },
                budget: 1, depth: 4, guards: Guards.allBut(name) ?? .all))
            let permutations = Array(model.parts.sessionPermutations.dropFirst())
            guard !permutations.isEmpty else { continue }
            let found = Self.mismatches(model, permutations, depth: 4).found
            #expect(found.isEmpty, "\(name) off: \(found)")
        }
    }
}

extension FleetSessionSymmetryTests {
    @Test("swapping two sessions moves their bits in the since and veto masks, and keeps no veto as none")
    func masksRenamed() throws {
        let model = FleetSystem(config: Self.config([Self.working, Self.working], budget: 1, depth: 4))
        var s = model.initialStates()[0]
        s.servers[0].sinceMask = 0b01
        s.servers[0].vetoMask = 0b01
        s.servers[0].file = PersistedCell(memory: .none, sinceMask: 0b01)
        let t = model.permuted(s, sessions: [1, 0])
        #expect(t.servers[0].sinceMask == 0b10)
        #expect(t.servers[0].vetoMask == 0b10)
        #expect(t.servers[0].file?.sinceMask == 0b10)
        #expect(model.permuted(t, sessions: [1, 0]) == s)
        s.servers[0].vetoMask = nil
        #expect(model.permuted(s, sessions: [1, 0]).servers[0].vetoMask == nil)
        // A veto of one session only is not its swap's: the two states are told apart.
        s.servers[0].vetoMask = 0b01
        var swapped = s
        swapped.servers[0].vetoMask = 0b10
        #expect(model.fingerprint(of: s) != model.fingerprint(of: swapped))
    }
}
