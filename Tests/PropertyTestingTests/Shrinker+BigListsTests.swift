import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// Big inputs shrink: before the big-list pass, a long list's failure spent the PR budget of
/// 5,000 candidates one element at a time (the radix sort: 2,000 elements left 527
/// non-zero values, 10,000 left 7,131).
@Suite struct ShrinkerBigListsTests {
    @Test("a 2,000-element radix-sort failure shrinks to [0, -1] in both list shapes, well inside the PR candidate budget",
          arguments: [0, 1])
    func bigListShrinks(shape: Int) throws {
        let (name, gen, choices) = HarnessBenchmark.bigInputShapes(2_000)[shape]
        var profile = Profile.pr
        profile.seedLog = .off
        var runner = PropertyRunner(name: "radix", gen: gen, profile: profile, cover: [], filter: "radix") { list, _ in
            HarnessBenchmark.radixSortUnsigned(list) == list.sorted()
        }
        runner.progress = nil
        let result = try #require(runner.shrinking(choices: choices), "\(name)")
        #expect(result.counterexample == [0, -1], "\(name)")
        #expect(result.shrinkAttempts < 1_000, "\(name): \(result.shrinkAttempts) candidates")
    }

    @Test("a 2,000-element list of fixed length shrinks to 1,999 zeros and a -1, in a few dozen candidates")
    func fixedLengthListShrinks() throws {
        let (name, gen, choices) = HarnessBenchmark.bigInputShapes(2_000)[2]
        #expect(name == "array(count: 2000...2000)")
        var profile = Profile.pr
        profile.seedLog = .off
        var runner = PropertyRunner(name: "radix", gen: gen, profile: profile, cover: [], filter: "radix") { list, _ in
            HarnessBenchmark.radixSortUnsigned(list) == list.sorted()
        }
        runner.progress = nil
        let result = try #require(runner.shrinking(choices: choices))
        #expect(result.counterexample == Array(repeating: 0, count: 1_999) + [-1])
        // Before the deletion passes skipped lists of forced length: the whole budget of 5,000
        // candidates (or the time budget), each a replay of the whole list.
        #expect(result.shrinkAttempts < 100, "\(result.shrinkAttempts) candidates")
        #expect(result.failures.first?.stoppedAtTimeBudget == false)
    }

    @Test("through checkProperty and the PR profile, a 1,000-element list of fixed length shrinks to zeros and one -1")
    func fixedLengthThroughCheckProperty() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let gen = Gen.array(of: Gen.int(in: -1_000_000_000...1_000_000_000), count: 1_000...1_000)
        let result = checkProperty("radix sort of a fixed-length list", gen, profile: profile) { list in
            HarnessBenchmark.radixSortUnsigned(list) == list.sorted()
        }
        #expect(result.outcome == .failed)
        #expect(result.cases == 1)
        #expect(result.counterexample?.count == 1_000)
        #expect(result.counterexample?.filter { $0 != 0 } == [-1])
        #expect(result.shrinkAttempts < 100, "\(result.shrinkAttempts) candidates")
    }

    @Test("only big lists whose every flag is forced and whose length is not drawn just before count as of fixed length")
    func fixedListsFound() throws {
        func fixed<T>(_ gen: Gen<T>, _ choices: [UInt64]) throws -> [Range<Int>] {
            let source = ChoiceSource(replaying: choices)
            let value = try gen.drawn(from: source)
            var shrinker = Shrinker(
                start: .init(choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
                             cuts: [], value: value, failure: Failure(signature: "s", message: "m")),
                maxAttempts: 100, evaluate: { _, _ in .init(read: [], bounds: [], exceeded: nil, ranProperty: true, outcome: .passed) },
                evaluateValues: { _, _ in .init(read: [], bounds: [], exceeded: nil, ranProperty: true, outcome: .passed) })
            return shrinker.fixedBigLists()
        }
        let element = Gen.int(in: 0...1_000)
        let pairs: (Int) -> [UInt64] = { n in (0..<n).flatMap { [UInt64(1), UInt64($0 % 1_000 + 1)] } }
        // Fixed at 200: 200 elements of two choices, then the forced "no more" flag.
        #expect(try fixed(Gen.array(of: element, count: 200...200), pairs(200) + [0]) == [0..<401])
        // Behind an unrelated draw larger than the count: still fixed, and the range moves.
        #expect(try fixed(Gen.zip(Gen.int(in: 0...100_000), Gen.array(of: element, count: 200...200)), [50_000] + pairs(200) + [0])
            == [1..<402])
        // A length drawn first, a drawn length, a fixed list under 128 elements: none.
        #expect(try fixed(Gen.int(in: 0...300).flatMap { Gen.array(of: element, count: $0...$0) }, [200] + pairs(200) + [0]).isEmpty)
        #expect(try fixed(Gen.array(of: element, count: 0...300), pairs(200) + [0]).isEmpty)
        #expect(try fixed(Gen.array(of: element, count: 127...127), pairs(127) + [0]).isEmpty)
    }

    @Test("a list under 128 elements gets no block candidate: the shrinking challenge's lists keep the candidates they had")
    func smallListsUntouched() throws {
        let gen = Gen.array(of: Gen.int(in: 0...1_000), count: 0...200)
        let choices: [UInt64] = (0..<127).flatMap { [UInt64(1), UInt64($0 + 1)] } + [0]
        let source = ChoiceSource(replaying: choices)
        let value = try gen.drawn(from: source)
        var shrinker = Shrinker(
            start: .init(choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
                         cuts: [], value: value, failure: Failure(signature: "s", message: "m")),
            maxAttempts: 100, evaluate: { _, _ in .init(read: [], bounds: [], exceeded: nil, ranProperty: true, outcome: .passed) },
            evaluateValues: { _, _ in .init(read: [], bounds: [], exceeded: nil, ranProperty: true, outcome: .passed) })
        let deleted = shrinker.deleteBigListBlocks()
        #expect(!deleted)
        #expect(shrinker.attempts == 0)
    }

    @Test("the benchmark prints one line per list shape, each shrunk to the ideal")
    func benchmarkLines() {
        let lines = HarnessBenchmark.bigInputs(elements: 300)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("big inputs: a 300-element list failing an unsigned radix sort"))
        #expect(lines[1].hasPrefix("array(count: 0...300): 300 → 2 elements (1 non-zero: -1 at 1) [0, -1] in "))
        #expect(lines[2].hasPrefix("length, then array(count: n...n): 300 → 2 elements (1 non-zero: -1 at 1) [0, -1] in "))
        #expect(lines[3].hasPrefix("array(count: 300...300): 300 → 300 elements (1 non-zero: -1 at 299) [0, 0, 0, "))
        #expect(lines.dropFirst().allSatisfy { $0.contains(" s CPU), ") && !$0.contains("budget") })
    }
}
