import Testing
@testable import CIRun

@Suite struct PlanTests {
    static let profile = CIProfiles.Profile(
        checks: [.init(configuration: "big", parts: 3, splitLevel: 5, weight: 30), .init(configuration: "small", parts: 1, splitLevel: nil, weight: 1)],
        mutants: [.init(configuration: "small", weight: 2)],
        simulations: [.init(configuration: "small", depth: 40, walks: 10, weight: 1)], shards: 2)

    @Test("every unit lands in exactly one shard, parts of a split configuration spread out")
    func dealing() {
        let plan = CIPlan(profile: "nightly", Self.profile, shards: 2, guards: { _ in ["g1", "g2"] })
        #expect(plan.units.count == 3 + 1 + 2 + 1)
        #expect(plan.units.allSatisfy { (1...2).contains($0.shard) })
        #expect(Set(plan.units.filter { $0.configuration == "big" }.map(\.shard)) == [1, 2])
        #expect(plan.units(ofShard: 1).count + plan.units(ofShard: 2).count == plan.units.count)
        #expect(plan == CIPlan(profile: "nightly", Self.profile, shards: 2, guards: { _ in ["g1", "g2"] }))
        #expect(plan.matrix == #"{"shard":["1/2","2/2"]}"#)
    }

    @Test("with a report's timings, each unit weighs its CPU seconds and the shards are dealt by them; units it lacks keep their weight")
    func timings() {
        let profile = CIProfiles.Profile(
            checks: [.init(configuration: "a", parts: 1, splitLevel: nil, weight: 10), .init(configuration: "b", parts: 1, splitLevel: nil, weight: 1),
                     .init(configuration: "c", parts: 2, splitLevel: 3, weight: 2)],
            mutants: [], simulations: [], shards: 2)
        let fixed = CIPlan(profile: "nightly", profile, shards: 2, guards: { _ in [] })
        #expect(fixed.units.map(\.shard) == [1, 2, 2, 2])
        let timed = CIPlan(profile: "nightly", profile, shards: 2,
                           timings: ["check a": 1_000, "check b": 20_000, "check c part 1/2": 1, "check z": 5], guards: { _ in [] })
        #expect(timed.units.map(\.name) == ["check a", "check b", "check c part 1/2", "check c part 2/2"])
        #expect(timed.units.map(\.weight) == [1, 20, 1, 1])
        #expect(timed.units.map(\.shard) == [2, 1, 2, 2])
    }

    @Test("the committed profiles read; PR runs the default fleet configuration and the guard mutants over the PR worlds")
    func committedProfiles() throws {
        let profiles = try CIProfiles.load(path: CIProfiles.defaultPath)
        #expect(profiles.pr.checks.map(\.configuration).contains("fleet-card"))
        #expect(profiles.pr.mutants.map(\.configuration) == ["fleet-card-working-phone"])
        #expect(profiles.pr.mutants.first?.worlds == [
            "fleet-card-stale-cache", "fleet-card-four-sessions", "fleet-card-scratch-port", "fleet-card-faults", "fleet-card-dev-builds",
            "fleet-card-restarts",
        ])
        // Every world the mutants search is checked exhaustively in the nightly, against its accepted findings.
        let worlds = profiles.pr.mutants.flatMap { [$0.configuration] + $0.worlds }
        #expect(Set(profiles.nightly.checks.map(\.configuration)).isSuperset(of: worlds))
        #expect(Set(profiles.nightly.checks.map(\.configuration)).isSuperset(of: profiles.pr.checks.map(\.configuration)))
    }
}
