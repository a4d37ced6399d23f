import Testing
@testable import PropertyTesting

@Suite struct ShrinkerTests {
    static let lists = Gen.array(of: .int(in: 0...100), count: 0...10)

    /// Planted bug: the property fails for any list holding three numbers that sum past 100.
    /// The shortlex-smallest failing choice sequence has three elements (fewer cannot fail)
    /// and, read left to right, the smallest first element (0), then the smallest second
    /// element that still lets the third reach 101 within 0...100 (1), so the third is 100.
    static func noThreeSumPast100(_ list: [Int]) -> Bool {
        list.count < 3 || list.sorted().suffix(3).reduce(0, +) <= 100
    }

    @Test("a list with three numbers summing past 100 shrinks to [0, 1, 100]", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func plantedSumBugShrinksToKnownMinimum(seed: UInt64) {
        var profile = Profile.pr
        profile.fixedSeed = seed
        profile.logsCaseSeeds = false
        let result = checkProperty("no three numbers sum past 100", Self.lists, profile: profile, Self.noThreeSumPast100)
        #expect(result.outcome == .failed)
        #expect(result.counterexample == [0, 1, 100])
        #expect(result.shrinks > 0)
    }

    @Test("a shrink counts only when the same check fails: the other failure is not taken")
    func differentFailureIsNotAShrink() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        // Lists of length 1 would fail the second expectation; the shrinker must not jump there.
        let result = checkProperty("first failure kept", Self.lists, profile: profile) { list, check in
            try check.expect(list.count != 1, "a single element")
            try check.expect(list.reduce(0, +) <= 150, "sum past 150")
        }
        #expect(result.outcome == .failed)
        #expect(result.failure?.hasPrefix("sum past 150") == true)
        // Two elements are needed to pass 150 with values up to 100: [51, 100] is shortlex-least.
        #expect(result.counterexample == [51, 100])
    }

    @Test("shortlex order: fewer choices first, then the smaller sequence")
    func shortlexOrder() {
        #expect(Shrinker<Int>.shortlexLess([9], [0, 0]))
        #expect(Shrinker<Int>.shortlexLess([0, 5], [1, 0]))
        #expect(!Shrinker<Int>.shortlexLess([1, 0], [1, 0]))
    }
}
