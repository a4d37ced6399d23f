import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// Draws `count` values of `gen` from consecutive seeds.
func sample<T>(_ gen: Gen<T>, seed: UInt64 = 42, count: Int = 200) -> [T] {
    (0..<count).compactMap { try? gen.generate(ChoiceSource(seed: seed &+ UInt64($0))) }
}

/// Replays `choices` through `gen`.
func replay<T>(_ gen: Gen<T>, _ choices: [UInt64]) throws -> T {
    try gen.generate(ChoiceSource(replaying: choices))
}

@Suite struct GenTests {
    struct Card: Equatable, Sendable {
        var id: Int
        var open: Bool
    }

    @Test("the same seed generates the same values; another seed, others")
    func sameSeedSameValues() {
        let gen = Gen.array(of: .int(in: -50...50), count: 0...8)
        #expect(sample(gen, seed: 7) == sample(gen, seed: 7))
        #expect(sample(gen, seed: 7) != sample(gen, seed: 8))
    }

    @Test("a recorded choice sequence replays to the same value")
    func replayReproduces() throws {
        let gen = Gen.zip(.array(of: .int(in: 0...1_000)), .optional(.bool), .element(of: ["a", "b", "c"]))
        for seed in 0..<50 as Range<UInt64> {
            let source = ChoiceSource(seed: seed)
            let value = try gen.generate(source)
            let again = try replay(gen, source.choices)
            #expect(value.0 == again.0 && value.1 == again.1 && value.2 == again.2)
        }
    }

    @Test("compose, map and flatMap build records from several generators")
    func records() throws {
        let cards = Gen.compose { draw in Card(id: try draw(.int(in: 1...9)), open: try draw(.bool)) }
        #expect(try replay(cards, [3, 1]) == Card(id: 4, open: true))
        let sized = Gen.int(in: 1...3).flatMap { n in Gen.array(of: .constant(n), count: n...n) }
        #expect(try replay(sized, [2]) == [3, 3, 3])
        #expect(try replay(Gen.int(in: 0...9).map { $0 * 10 }, [4]) == 40)
    }

    @Test("filter keeps only accepted attempts in the record, so a replay needs no retry")
    func filterRecordsAcceptedAttempt() throws {
        let evens = Gen.int(in: 0...1_000).filter { $0 % 2 == 0 }
        for seed in 0..<20 as Range<UInt64> {
            let source = ChoiceSource(seed: seed)
            let value = try evens.generate(source)
            #expect(source.choices.count == 1)
            #expect(try replay(evens, source.choices) == value)
        }
        #expect(throws: Rejection.filtered) { try replay(evens, [3]) }
        #expect(throws: Rejection.filtered) { try Gen.int(in: 0...9).filter(limit: 5) { $0 > 100 }.generate(ChoiceSource(seed: 1)) }
    }
}
