import BigNum
@testable import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// Small-bound searches (the heavy runs belong to `cardcheck check` and `mutants`).
@Suite("FleetCheck")
struct FleetCheckTests {
    static let idle = Fixture.config(
        sessions: [.init(host: 0, initial: .working)],
        world: { var w = Fixture.noFaults; w.noBackgroundLaunch = true; return w }(), budget: 2, depth: 40)

    @Test("with every guard on, one idle phone shows the documented idle-phone hole")
    func idlePhone() {
        let run = FleetCheck.run(Self.idle)
        #expect(run.report.exhaustive)
        #expect(run.report.counterexample("zombie-card:idle-phone") != nil)
        #expect(run.report.counterexample("false-end:app") == nil)
    }

    @Test("broadcast channels close the idle-phone hole")
    func broadcast() {
        var config = Self.idle
        config.variants.broadcastChannel = true
        let run = FleetCheck.run(config)
        #expect(run.report.exhaustive)
        #expect(run.report.counterexample("zombie-card:idle-phone") == nil)
    }

    @Test("switching the trust guard off lets a background launch's empty store end the card")
    func trustGuard() {
        var config = Self.idle
        config.bounds.worldBudget = 1
        #expect(FleetCheck.run(config).report.counterexample("false-end:app") == nil)
        config.guards = Guards.allBut("endGateTrustworthiness") ?? .all
        #expect(FleetCheck.run(config).report.counterexample("false-end:app") != nil)
    }

    @Test("a violation the configuration does not list fails the check; listed, it passes")
    func expected() {
        var config = Self.idle
        let before = FleetCheck.run(config)
        #expect(!before.passed)
        config.expectedFindings = before.violations.map { FleetConfig.ExpectedFinding(property: $0.name, reason: "test") }
        #expect(FleetCheck.run(config).passed)
    }

    @Test("with count, the summary states the exact behaviour total, equal to BehaviourCount's on the same graph")
    func count() {
        var config = Self.idle
        config.bounds.depth = 12
        let run = FleetCheck.run(config, count: true)
        let slow = BehaviourCount(run.model, depth: 12, worldBudget: config.bounds.worldBudget).run().upToDepth
        #expect(run.behaviours == slow)
        // The counted graph is the searched one: one edge per step the search took.
        let edges = BehaviourTotal(run.model, depth: 12, worldBudget: config.bounds.worldBudget).edges()
        #expect(edges.from.count == run.report.transitions && edges.nodes == run.report.distinctStates)
        #expect(run.summary.split(separator: "\n").contains("behaviours ≤ depth 12: \(slow)"))
        #expect(FleetCheck.run(config).behaviours == nil)
    }
}
