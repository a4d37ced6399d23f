import ClassicModels
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

@Suite struct BenchSpinTests {
    /// What `pan -w18` printed for the Promela model with 3 managers (Spin 6.5.2).
    static let panOutput = """

        (Spin Version 6.5.2 -- 6 December 2019)

        Full statespace search for:
        \tassertion violations\t+
        \tinvalid end states\t+

        State-vector 28 byte, depth reached 10, errors: 0
              288 states, stored
              474 states, matched
              762 transitions (= stored+matched)
            2.000\tmemory used for hash table (-w18)

        pan: elapsed time 0.08 seconds
        pan: rate      3600 states/second
        """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    @Test("pan's report reads as its stored states and the search's seconds; one with an error or a line missing is refused")
    func panReport() {
        #expect(BenchSpin.Figures(output: Self.panOutput) == BenchSpin.Figures(states: 288, seconds: 0.08))
        let broken: [[String]] = [
            Self.panOutput.map { $0.replacingOccurrences(of: "errors: 0", with: "errors: 1") },
            Self.panOutput.filter { !$0.contains("states, stored") },
            Self.panOutput.filter { !$0.contains("elapsed time") },
            Self.panOutput + ["      289 states, stored"],
            Self.panOutput.map { $0.replacingOccurrences(of: "0.08 seconds", with: "nan seconds") },
        ]
        for lines in broken { #expect(BenchSpin.Figures(output: lines) == nil) }
    }

    @Test("the Promela twin of two-phase commit explores exactly cardcheck's states; with -DHC4 at most those")
    func promelaTwinCounts() throws {
        // Spin is installed by .ci/setup: a missing one fails here rather than skipping.
        for managers in [3, 6] {
            var spin = try #require(BenchSpin.installed(model: BenchCommand.spinModel, managers: managers), "spin and cc on PATH")
            spin.hashBits = 22
            let figures = try spin.withVerifiers(stop: RunStop()) { run in
                try BenchSpin.variants.map { try #require(try run($0)) }
            }
            let cardcheck = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: managers)).run().distinctStates
            #expect(figures?.first?.states == cardcheck, "\(managers) managers")
            let compacted = try #require(figures?.last?.states)
            #expect(compacted <= cardcheck && compacted * 100 >= cardcheck * 95, "\(managers) managers")
        }
        #expect(BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3)).run().distinctStates == 288)
    }

    @Test("a baseline's check report reads as its distinct states and rate; a report without them is refused")
    func baselineReport() {
        let report = [
            "two-phase-commit: 1,745,408 distinct states, 13,234,176 transitions, depth 25, exhaustive",
            "time 0.60 s, 2,905,123 states/s, visited set 25,165,824 bytes (14.4 bytes/state), 1 thread",
        ]
        #expect(BenchBaseline.figures(output: ["cardcheck 1", ""] + report) == .init(states: 1_745_408, statesPerSecond: 2_905_123))
        #expect(BenchBaseline.figures(output: [report[0]]) == nil)
        #expect(BenchBaseline.figures(output: [report[1]]) == nil)
        #expect(BenchBaseline.figures(output: [report[0], "time 0.60 s, 2,9x5 states/s"]) == nil)
        #expect(BenchBaseline.figures(output: ["two-phase-commit: -3 distinct states, ", report[1]]) == nil)
    }
}
