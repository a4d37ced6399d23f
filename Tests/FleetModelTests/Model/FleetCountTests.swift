import BigNum
@testable import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// The behaviour count the search takes as it goes, against the explicit second pass (its oracle).
@Suite("Fleet behaviour count")
struct FleetCountTests {
    static let idle = Fixture.config(
        sessions: [.init(host: 0, initial: .working)],
        world: { var w = Fixture.noFaults; w.noBackgroundLaunch = true; return w }(), budget: 1, depth: 10)

    static func counted(_ config: FleetConfig, threads: Int, symmetry: Bool = false) -> SearchReport<FleetSystem> {
        var options = SearchOptions(
            depthBound: config.bounds.depth, worldBudget: config.bounds.worldBudget, threads: threads, symmetry: symmetry)
        options.countBehaviours = .total
        return BreadthFirstSearch(FleetSystem(config: config), options: options).run()
    }

    @Test("one idle phone and two phones: the in-search total equals the explicit second pass's, 1 and 2 threads")
    func equalsSecondPass() {
        let twoPhones = FleetSymmetryTests.twoPhones(nil, budget: 0, depth: 10)
        for config in [Self.idle, twoPhones] {
            let model = FleetSystem(config: config)
            let slow = BehaviourCount(model, depth: config.bounds.depth, worldBudget: config.bounds.worldBudget).run().upToDepth
            for threads in [1, 2] {
                let report = Self.counted(config, threads: threads)
                #expect(report.behaviours?.upToDepth == slow)
                #expect(report.behaviours?.lines() == ["behaviours ≤ depth \(config.bounds.depth): \(slow)"])
            }
        }
    }
}

extension FleetCountTests {
    @Test("with --symmetry (phones, sessions) the count is taken over the reduced graph: the same total as the full search")
    func symmetry() {
        for c in FleetSymmetryTests.cases + FleetSymmetryTests.sessionCases {
            let full = Self.counted(c.config, threads: 1).behaviours?.upToDepth
            let reduced = Self.counted(c.config, threads: 2, symmetry: true).behaviours?.upToDepth
            #expect(full != nil && reduced == full)
        }
    }
}
