import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// Small-bound searches of the fleet model through the search every command runs (the heavy
/// runs belong to `cardcheck check` and `mutants`).
@Suite("Fleet findings")
struct FleetFindingsTests {
    static let idle = Fixture.config(
        sessions: [.init(host: 0, initial: .working)],
        world: { var w = Fixture.noFaults; w.noBackgroundLaunch = true; return w }(), budget: 2, depth: 40)

    static func search(_ config: FleetConfig) -> SearchReport<FleetSystem> {
        let options = SearchOptions(depthBound: config.bounds.depth, worldBudget: config.bounds.worldBudget)
        return BreadthFirstSearch(FleetSystem(config: config), options: options).run()
    }

    @Test("with every guard on, one idle phone shows the documented idle-phone hole")
    func idlePhone() {
        let report = Self.search(Self.idle)
        #expect(report.exhaustive)
        #expect(report.counterexample("zombie-card:idle-phone") != nil)
        #expect(report.counterexample("false-end:app") == nil)
    }

    @Test("broadcast channels close the idle-phone hole")
    func broadcast() {
        var config = Self.idle
        config.variants.broadcastChannel = true
        let report = Self.search(config)
        #expect(report.exhaustive)
        #expect(report.counterexample("zombie-card:idle-phone") == nil)
    }

    @Test("switching the trust guard off lets a background launch's empty store end the card")
    func trustGuard() {
        var config = Self.idle
        config.bounds.worldBudget = 1
        #expect(Self.search(config).counterexample("false-end:app") == nil)
        config.guards = Guards.allBut("endGateTrustworthiness") ?? .all
        #expect(Self.search(config).counterexample("false-end:app") != nil)
    }
}
