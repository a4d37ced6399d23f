import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// The shrinker's economy of test calls: its cache, its value replays, its grafts.
@Suite struct ShrinkerCallsTests {
    static var profile: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        profile.fixedSeed = 3
        return profile
    }

    /// Counts the property's calls after its first failure (a class: the body mutates it).
    final class Calls: @unchecked Sendable {
        var failed = false
        var afterFailure = 0
    }

    @Test("shrinking reverse's failure to [0, 1] runs the property once per counted call, and few times (cached, probed)")
    func callsAreCountedAndFew() {
        let calls = Calls()
        let result = checkProperty("reverse", ShrinkingChallenge.lists(ShrinkingChallenge.anyInt), profile: Self.profile) { list in
            if calls.failed { calls.afterFailure += 1 }
            let holds = list.reversed() == list
            if !holds { calls.failed = true }
            return holds
        }
        #expect(result.counterexample.map { $0.sorted() } == [0, 1])
        #expect(calls.afterFailure == result.shrinkCalls)
        #expect(result.shrinkCalls <= result.shrinkAttempts)
        // 69 candidates before the cache, the tiers and the probes; the median is 24 over 20 seeds.
        #expect(result.shrinkCalls <= 40)
    }

    @Test("the cache knows a sequence read past its end, one differing at a forced choice, and a choice past its bound")
    func cacheKnowsEquivalentSequences() {
        var cache = ChoiceCache<String>(rejected: "rejected")
        // A replay read 1, then a forced 1, then 7 (bound 9), and passed.
        cache.record(read: [1, 1, 7], bounds: [1, nil, 9], exceeded: nil, outcome: "passed")
        #expect(cache.outcome(of: [1, 1, 7]) == "passed")
        #expect(cache.outcome(of: [1, 0, 7, 4, 4]) == "passed")
        #expect(cache.outcome(of: [1, 5, 10]) == "rejected")
        #expect(cache.outcome(of: [1, 1, 6]) == nil)
        #expect(cache.outcome(of: [0]) == nil)
        // Past the end reads zeros, as a replay does.
        cache.record(read: [0, 0], bounds: [1, 3], exceeded: nil, outcome: "empty")
        #expect(cache.outcome(of: []) == "empty")
    }

    @Test("a value replay keeps each integer's value when a range it depends on moves")
    func valueReplayKeepsIntegers() throws {
        let gen = Gen.int(in: -5...5).flatMap { parent in Gen.int(in: parent...10).map { (parent, $0) } }
        let source = ChoiceSource(replayingValues: [.int(0), .int(3)])
        let pair = try gen.drawn(from: source)
        #expect(pair == (0, 3))
        // The child's choice is now its offset from 0; replayed by choice, the old [3, 0, 4, 0] would not fit.
        #expect(source.choices == [0, 0, 3])
        #expect(source.drawnValues == [.int(0), .int(3)])
    }

    @Test("the challenge's binheap reaches its ideal from a root of -1 and from heaps shaped the other way round (seeds 0, 5, 8, 12)")
    func binheapLocalMinimaEscaped() throws {
        let challenge = try #require(ShrinkingChallenge.catalog.first { $0.name == "binheap" })
        var profile = Profile.pr
        profile.cases = 2_000
        profile.logsCaseSeeds = false
        for seed: UInt64 in [0, 5, 8, 12] {
            profile.fixedSeed = seed
            let outcome = challenge.runSeed(profile)
            #expect(outcome.isIdeal, "seed \(seed): \(outcome.counterexample)")
        }
    }
}
