import ClassicModels
import Testing
@testable import Explorer

/// A lone rank fills its levels as the single process does (`DistributedRun.expandAlone`), not
/// through the peers' `take`. In rounds of 4 states (many rounds a level, each round's last
/// group inserted at its end), its report is the single process's line for line: counts,
/// depth, verdicts and the counterexamples rebuilt from its links.
struct DistributedRunAloneTests {
    static func lines<M: Model>(_ report: SearchReport<M>) -> [String] {
        report.lines().filter { !$0.hasPrefix("time ") }
    }

    /// The single process's report and the lone rank's, rounds of 4 states.
    static func reports<M: Model>(_ model: M, _ options: SearchOptions) -> (single: SearchReport<M>, alone: DistributedReport<M>) {
        var alone = options
        alone.roundStates = 1
        return (BreadthFirstSearch(model, options: options).run(), DistributedSearch(model, options: alone, fabric: SoloFabric()).run())
    }

    @Test("two-phase commit with 4 managers (states kept unpacked, inserted a group behind), exhaustive and to depth 6",
          arguments: [nil, 6])
    func twoPhaseCommit(_ depth: Int?) {
        let (single, alone) = Self.reports(TwoPhaseCommit(resourceManagers: 4), SearchOptions(depthBound: depth))
        #expect(single.distinctStates > 200)
        #expect(Self.lines(alone.search) == Self.lines(single))
        #expect(alone.expansions == single.distinctStates)
    }

    @Test("the Die Hard jugs, whose counterexamples are rebuilt from the rank's links: exhaustive and stopped at the first violation",
          arguments: [false, true])
    func dieHard(_ stopAtFirst: Bool) {
        let (single, alone) = Self.reports(DieHard(), SearchOptions(stopAtFirstViolation: stopAtFirst))
        #expect(single.verdicts.contains { if case .violated = $0.outcome { true } else { false } })
        #expect(Self.lines(alone.search) == Self.lines(single))
        #expect(alone.expansions == alone.expandable)
    }
}
