import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// The shrinker's economy of test calls: its cache, its value replays, its grafts.
@Suite struct ShrinkerCallsTests {
    static var profile: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        profile.fixedSeed = 3
        // Calls after the first failure are the shrink's only: no search for other failures.
        profile.reportsMultipleFailures = false
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
        // 69 candidates before the cache, the tiers and the probes; the median over 100 seeds is 14 (bench-harness --challenge).
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

    /// Every input the property saw after its first failure, in order (a class: the body mutates it).
    final class Seen: @unchecked Sendable {
        var failed = false
        var inputs: [[Int]] = []
    }

    @Test("with ranges that never move, the shrink never runs the property twice on one input (value replays ask the cache first)")
    func valueReplaysAskTheCache() {
        let seen = Seen()
        var profile = Self.profile
        profile.fixedSeed = 7
        let pairs = Gen.zip(Gen.int(in: 0...1_000), Gen.int(in: 0...1_000), Gen.int(in: 0...1_000)).map { [$0, $1, $2] }
        let result = checkProperty("sum below 50", pairs, profile: profile) { values in
            if seen.failed { seen.inputs.append(values) }
            let holds = values.reduce(0, +) < 50
            if !holds { seen.failed = true }
            return holds
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample.map { $0.reduce(0, +) } == 50)
        // The value pass (every integer set to 0 in turn) ran here, its draws already tried by choice.
        #expect(result.shrinkAttempts > result.shrinkCalls)
        #expect(seen.inputs.count == result.shrinkCalls)
        #expect(Set(seen.inputs).count == seen.inputs.count, "an input ran twice: \(seen.inputs)")
    }

    /// A shrinker over `gen` from the case `choices` draw, failing where `holds` is false, replaying as the runner does.
    static func shrinker<T>(_ gen: Gen<T>, from choices: [UInt64], _ holds: @escaping (T) -> Bool) throws -> Shrinker<T> {
        let body: (T, Check) throws -> Bool = { value, _ in holds(value) }
        func replay(_ source: ChoiceSource, known: ([UInt64]) -> Shrinker<T>.Outcome?) -> Shrinker<T>.Replay {
            guard let value = try? gen.drawn(from: source) else {
                return .init(read: source.choices, bounds: source.bounds, exceeded: source.exceededBound, ranProperty: false, outcome: .rejected)
            }
            if let outcome = known(source.choices) {
                return .init(read: source.choices, bounds: source.bounds, exceeded: nil, ranProperty: false, outcome: outcome)
            }
            guard let failure = Failure.of(value, check: Check(), body) else {
                return .init(read: source.choices, bounds: source.bounds, exceeded: nil, ranProperty: true, outcome: .passed)
            }
            return .init(read: source.choices, bounds: source.bounds, exceeded: nil, ranProperty: true, outcome: .failed(.init(
                choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
                cuts: source.cuts, value: value, failure: failure)))
        }
        guard case .failed(let start) = replay(ChoiceSource(replaying: choices), known: { _ in nil }).outcome else { throw Rejection.filtered }
        return Shrinker(start: start, maxAttempts: 5_000, evaluate: { replay(ChoiceSource(replaying: $0), known: $1) },
                        evaluateValues: { replay(ChoiceSource(replayingValues: $0), known: $1) })
    }

    @Test("deleting a long list's surplus takes a few calls: runs from the front double, then bisect")
    func longRunsDeletedInFewCalls() throws {
        // Forty elements, only the last a 9: [3, 3, …, 3, 9].
        let choices: [UInt64] = Array(repeating: [UInt64(1), 3], count: 39).flatMap { $0 } + [1, 9, 0]
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...9), count: 0...100), from: choices) { !$0.contains(9) }
        let deleted = shrinker.deleteSpanRuns()
        #expect(deleted)
        #expect(shrinker.best.value == [9])
        // One call per surplus element (or two) is what deleting one at a time, back to front, spends.
        #expect(shrinker.calls <= 16, "\(shrinker.calls) calls")
    }

    indirect enum Nest: Equatable { case leaf(Int), wrap(Nest) }

    @Test("replacing a node by a same-kind descendant tries the outermost descendant first (the largest step first)")
    func descendantsOutermostFirst() throws {
        let depth: (Nest) -> Int = { n in var d = 0, n = n; while case .wrap(let inner) = n { d += 1; n = inner }; return d }
        // Always branching, three levels: wrap(wrap(wrap(leaf(5)))), drawn [1, 1, 1, 0 (forced), 5].
        let nests = Gen<Nest>.recursive(maxDepth: 3, branchProbability: 1, leaf: Gen.int(in: 0...9).map { .leaf($0) }) { child in
            child.map { .wrap($0) }
        }
        final class Tried: @unchecked Sendable { var depths: [Int] = [] }
        let tried = Tried()
        var shrinker = try Self.shrinker(nests, from: [1, 1, 1, 0, 5]) { nest in
            tried.depths.append(depth(nest))
            return depth(nest) == 0
        }
        #expect(tried.depths == [3])
        let replaced = shrinker.replaceWithDescendants()
        #expect(replaced)
        // The outer wrap's child replaced by its own child (depth 2) before by the innermost node (depth 1).
        #expect(tried.depths.dropFirst().first == 2, "\(tried.depths)")
    }

    @Test("lowering two choices together pairs numbers only: flags and forced choices are left to their own pass")
    func pairsSkipFlagsAndForcedChoices() throws {
        // A flag, then a number, then a one-element array (forced flags around its number).
        let gen = Gen.zip(Gen.bool, Gen.int(in: 0...1_000), Gen.array(of: .int(in: 0...1_000), count: 1...1))
        var shrinker = try Self.shrinker(gen, from: [1, 500, 1, 7, 0]) { !$0.0 || $0.1 < 10 }
        let lowered = shrinker.lowerPairs()
        // Only the two numbers pair up: lowering both by 7 keeps the failure, in one candidate.
        #expect(lowered)
        #expect(shrinker.best.choices == [1, 493, 1, 0, 0])
        #expect(shrinker.attempts == 1, "\(shrinker.attempts) candidates")
    }

    @Test("a choice whose smallest failing value is 1 is lowered in two calls: 0, then 1, before any halving")
    func oneTriedRightAfterZero() throws {
        var shrinker = try Self.shrinker(Gen.int(in: 0...1_000), from: [700]) { $0 == 0 }
        let lowered = shrinker.minimizeChoices()
        #expect(lowered)
        #expect(shrinker.best.value == 1)
        #expect(shrinker.calls == 2, "\(shrinker.calls) calls")
    }

    @Test("binheap's median shrink over 20 seeds runs the property at most twice as often as Hypothesis's shrink phase (61)")
    func binheapCallsWithinTwiceHypothesis() throws {
        let challenge = try #require(ShrinkingChallenge.catalog.first { $0.name == "binheap" })
        let measurement = try #require(challenge.measure(seeds: 20))
        let calls = try #require(Measurement.median(measurement.found.map(\.calls)))
        #expect(calls <= 2 * 61, "median \(calls) calls")
        #expect(measurement.ideal >= 19)
    }

    @Test("coupling's and deletion's median shrinks over 20 seeds run the property at most twice as often as Hypothesis's shrink phase (5 each)")
    func couplingAndDeletionWithinTwiceHypothesis() throws {
        for name in ["coupling", "deletion"] {
            let challenge = try #require(ShrinkingChallenge.catalog.first { $0.name == name })
            let measurement = try #require(challenge.measure(seeds: 20))
            let calls = try #require(Measurement.median(measurement.found.map(\.calls)))
            // 5 and 6 (bench-harness --challenge --seeds 20): the closed part and the zeroed list come first.
            #expect(calls <= 2 * 5, "\(name): median \(calls) calls")
            #expect(measurement.ideal == 20, "\(name)")
        }
    }

    @Test("a list of positions is cut to its smallest closed part that still fails, renumbered: [3, 4, 2, 0, 1] to [1, 0] in two calls")
    func closedPartKeptAndRenumbered() throws {
        // Parts closed under the positions: {2} (2 points at itself), {0, 3} and {1, 4} (pairs pointing at each other).
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...10), count: 0...100), from: [1, 3, 1, 4, 1, 2, 1, 0, 1, 1, 0]) { list in
            list.allSatisfy { $0 < list.count } && list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
        }
        let kept = shrinker.keepClosedParts()
        #expect(kept)
        #expect(shrinker.best.value == [1, 0])
        // [0] (the part {2}) passes, then {0, 3} renumbered fails.
        #expect(shrinker.calls == 2, "\(shrinker.calls) calls")
    }

    @Test("a list whose values are not all positions in it gets no closed-part candidate")
    func noClosedPartsOfOtherLists() throws {
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...100), count: 0...100), from: [1, 50, 1, 0, 1, 1, 0]) { $0.count < 2 }
        let kept = shrinker.keepClosedParts()
        #expect(!kept && shrinker.attempts == 0, "\(shrinker.attempts) candidates")
    }

    @Test("a list's values are zeroed all at once in one call when the property ignores them")
    func wholeListZeroedInOneCall() throws {
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...1_000), count: 0...10), from: [1, 500, 1, 7, 1, 90, 1, 3, 0]) { $0.count < 3 }
        let zeroed = shrinker.zeroWholeLists()
        #expect(zeroed)
        #expect(shrinker.best.value == [0, 0, 0, 0])
        #expect(shrinker.calls == 1, "\(shrinker.calls) calls")
    }

    @Test("a candidate that reads past its end to a sequence no smaller than the best never runs the property")
    func longerReadNeverRuns() throws {
        let seen = Seen()
        // The best is [1, 0] (choices 1 1 1 0 0); the candidate 1 0 1 0 1 is smaller, but reads on to 1 0 1 0 1 0 0: [0, 0, 0].
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...10), count: 0...100), from: [1, 1, 1, 0, 0]) { list in
            seen.inputs.append(list)
            return list.count < 2
        }
        seen.inputs = []
        let kept = shrinker.consider([1, 0, 1, 0, 1])
        #expect(!kept)
        #expect(shrinker.attempts == 1 && shrinker.calls == 0 && seen.inputs.isEmpty, "\(seen.inputs)")
    }

    @Test("zeroing a list element zeroes its value and keeps its flag: the list keeps its length")
    func zeroedElementKeepsItsFlag() throws {
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...1_000), count: 0...10), from: [1, 500, 1, 7, 0]) { $0.count < 2 }
        let zeroed = shrinker.zeroSpans()
        #expect(zeroed)
        #expect(shrinker.best.value == [0, 0])
    }

    @Test("a list's elements are sorted in one candidate and swapped by the element pass; the subtree pass leaves them alone")
    func listSwapsWaitForTheCheapPasses() throws {
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...1_000), count: 0...10), from: [1, 9, 1, 5, 1, 7, 0]) { $0 == $0.sorted() }
        let cheap = shrinker.swapSiblings(elements: false)
        #expect(!cheap && shrinker.attempts == 0)
        let sorted = shrinker.sortSiblings()
        // Sorted, [5, 7, 9] passes: one candidate, no improvement.
        #expect(!sorted && shrinker.attempts == 1)
        let swapped = shrinker.swapSiblings(elements: true)
        #expect(swapped && shrinker.best.value == [5, 9, 7])
    }

    @Test("forty element values the property ignores are zeroed in a few calls: runs from the front double, then bisect")
    func elementValuesZeroedInRuns() throws {
        let choices: [UInt64] = Array(repeating: [UInt64(1), 5], count: 40).flatMap { $0 } + [0]
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...9), count: 0...100), from: choices) { $0.count < 40 }
        let zeroed = shrinker.zeroSpans()
        #expect(zeroed)
        #expect(shrinker.best.value == Array(repeating: 0, count: 40))
        // One call per element is what zeroing them one at a time spends.
        #expect(shrinker.calls <= 12, "\(shrinker.calls) calls")
    }

    @Test("eight leading elements of a list of positions are deleted, and the positions shifted, in a few calls")
    func positionsDeletedAndShiftedInRuns() throws {
        // [0, 0, 0, 0, 0, 0, 0, 0, 9, 8]: the last two point at each other.
        let choices: [UInt64] = Array(repeating: [UInt64(1), 0], count: 8).flatMap { $0 } + [1, 9, 1, 8, 0]
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...100), count: 0...100), from: choices) { list in
            let n = list.count
            return n < 2 || list[n - 1] != n - 2 || list[n - 2] != n - 1
        }
        let shifted = shrinker.deleteAndShift()
        #expect(shifted)
        #expect(shrinker.best.value == [1, 0])
        // One call per deleted element is what deleting them one at a time spends. 7, not 6: the
        // pass also tries the runs that move no position (plain deletion tried them after it).
        #expect(shrinker.calls <= 7, "\(shrinker.calls) calls")
    }

    @Test("a list whose values are not all positions in it (one is past its length) gets no delete-and-shift candidate")
    func numbersThatAreNotPositionsAreNotShifted() throws {
        // [50, 7, 1]: 50 points past the list, so removing an element shifts nothing it means.
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...100), count: 0...100), from: [1, 50, 1, 7, 1, 1, 0]) { $0.count < 2 }
        let shifted = shrinker.deleteAndShift()
        #expect(!shifted)
        #expect(shrinker.attempts == 0, "\(shrinker.attempts) candidates")
    }

    @Test("deleting elements a list of positions points into moves those positions to the element after the run")
    func positionsIntoADeletedRunMoveAfterIt() throws {
        // [1, 0, 3, 3, 3]: 0 and 1 point at each other; the last points into the run 2..<4 deleted with it.
        let choices: [UInt64] = [1, 1, 1, 0, 1, 3, 1, 3, 1, 3, 0]
        let seen = Seen()
        var shrinker = try Self.shrinker(Gen.array(of: .int(in: 0...10), count: 0...100), from: choices) { list in
            seen.inputs.append(list)
            return list.allSatisfy { $0 < list.count } && list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
        }
        let shifted = shrinker.deleteAndShift()
        #expect(shifted)
        #expect(shrinker.best.value == [1, 0])
        // The run 2..<4 deleted: the last 3 now points at what follows the run (2), not past the list.
        #expect(seen.inputs.contains([1, 0, 2]) && !seen.inputs.contains([1, 0, 3]), "\(seen.inputs)")
        #expect(shrinker.calls <= 5, "\(shrinker.calls) calls")
    }
}
