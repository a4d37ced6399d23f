import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// The shrinking challenge's ideals on a few seeds each (the benchmark measures 100). Before
/// the passes that lower equal values together, replace a node by a subtree, sort siblings
/// and delete-and-shift, bound5, calculator, binheap, coupling and the zero difference missed
/// on most seeds.
@Suite struct ShrinkingChallengeTests {
    @Test("each challenge shrinks to its ideal result", arguments: ShrinkingChallenge.catalog.map(\.name))
    func reachesIdeal(name: String) throws {
        let challenge = try #require(ShrinkingChallenge.catalog.first { $0.name == name })
        let measurement = try #require(challenge.measure(seeds: 3, maxCases: 2_000))
        for (seed, outcome) in measurement.outcomes.enumerated() {
            #expect(outcome.casesToFind != nil, "seed \(seed) found no failure")
            #expect(outcome.isIdeal, "seed \(seed) shrank to \(outcome.counterexample), not \(challenge.ideal)")
        }
    }

    @Test("the difference challenges fail within the PR profile's 100 cases: equal and neighbouring values are generated")
    func differencesFoundWithinPR() {
        let differences = ShrinkingChallenge.catalog.filter { $0.name.hasPrefix("difference") }
        #expect(differences.count == 3)
        for challenge in differences {
            #expect((challenge.measure(seeds: 20)?.foundWithinPR ?? 0) >= 18, "\(challenge.name)")
        }
    }

    @Test("a stop asked for mid-challenge ends the measurement before the next seed: nothing is measured past it")
    func stopsBetweenSeeds() throws {
        let challenge = try #require(ShrinkingChallenge.catalog.first)
        var asked = 0
        #expect(challenge.measure(seeds: 1_000_000, stop: { asked += 1; return asked > 2 }) == nil)
        #expect(asked == 3)
    }

    @Test("the ideals are the challenges' failures and are shortlex-smaller than their mirrors")
    func idealsFail() {
        #expect(ChallengeExpr.div(.int(0), .add(.int(0), .int(0))).evaluate() == nil)
        #expect(!ChallengeExpr.div(.int(0), .add(.int(0), .int(0))).dividesByLiteralZero)
        // The challenge's binheap: its ideal's merged children list unsorted; no three-node heap fails.
        let leaf = { (n: Int) in ChallengeHeap.node(n, .empty, .empty) }
        let ideal = ChallengeHeap.node(0, .empty, .node(0, leaf(1), leaf(0)))
        #expect(ideal.wrongToSortedList == [0, 0, 1, 0])
        let three = ChallengeHeap.node(0, leaf(1), leaf(0))
        #expect(three.wrongToSortedList == three.wrongToSortedList.sorted())
        let mirror = ChallengeHeap.node(0, .empty, .node(0, leaf(0), leaf(1)))
        #expect(mirror.wrongToSortedList == mirror.wrongToSortedList.sorted())
        // The variant's pre-order bug.
        #expect(three.contents != three.contents.sorted())
        #expect(ShrinkingChallenge.sum16([-1, -32768]) == 32767)
    }

    @Test("the benchmark prints a line per challenge with found and ideal rates")
    func benchmarkLines() {
        let lines = HarnessBenchmark.challenges(seeds: 2, only: ["reverse", "distinct"], misses: 1)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("shrinking challenge: 2 challenges, 2 seeds each"))
        #expect(lines[2].hasPrefix("reverse                      100%  100%  ok 95 "))
        #expect(lines[3].hasPrefix("distinct                     100%  100%  ok 95 "))
        #expect(lines[4].hasPrefix("size: the shrunk case's choices; replays: candidates replayed; calls:"))
    }
}
