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
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("big inputs: a 300-element list failing an unsigned radix sort"))
        #expect(lines[1].hasPrefix("array(count: 0...300): 300 → 2 elements [0, -1] in "))
        #expect(lines[2].hasPrefix("length, then array(count: n...n): 300 → 2 elements [0, -1] in "))
    }
}
