import Testing
@testable import PropertyEngine
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

    struct Row: Equatable, Sendable {
        var n: Int
        var tag: String
        var busy: Bool
    }

    struct Observation: Equatable, Sendable {
        var rows: [Row]
        var dirs: [String]
    }

    static let ints = Gen.array(of: .int(in: 0...100), count: 0...4)
    /// A record drawn field by field, as FleetCard's session rows are.
    static let row = Gen<Row>.compose { draw in
        Row(n: try draw(.int(in: 0...100)), tag: try draw(.element(of: ["x", "y", "z"])), busy: try draw(.bool))
    }

    // A full array last in the case shrank even before its "no more" flag was recorded (replay
    // reads zeros past the end); this keeps it so.
    @Test("a full array shrinks to the elements its failure needs: [50, 50] from four elements")
    func fullArrayShrinks() {
        let run = shrinkFromFirstFullCase(Self.ints, isFull: { $0.count == 4 }) { $0.filter { $0 >= 50 }.count >= 2 }
        #expect(run.start?.count == 4)
        #expect(run.result.counterexample == [50, 50])
    }

    // Without the recorded "no more" flag, deleting an element made the tag's choice read as a
    // flag, and this stalled at ([0, 0, 0, 50], c).
    @Test("a full array followed by another choice shrinks to one element: ([50], c)")
    func fullArrayBeforeAnotherChoiceShrinks() {
        let gen = Gen.compose { draw in (try draw(Self.ints), try draw(Gen.element(of: ["a", "b", "c"]))) }
        let run = shrinkFromFirstFullCase(gen, isFull: { $0.0.count == 4 }) { $0.0.contains { $0 >= 50 } && $0.1 == "c" }
        #expect(run.start?.0.count == 4)
        #expect(run.result.counterexample?.0 == [50])
        #expect(run.result.counterexample?.1 == "c")
    }

    @Test("a full array of records followed by another array shrinks to one record")
    func fullArrayOfRecordsShrinks() {
        let gen = Gen<Observation>.compose { draw in
            Observation(rows: try draw(.array(of: Self.row, count: 0...4)),
                        dirs: try draw(.array(of: .element(of: ["/a", "/b", "/c"]), count: 0...2)))
        }
        let run = shrinkFromFirstFullCase(gen, isFull: { $0.rows.count == 4 }) {
            $0.rows.contains { $0.n >= 50 } && $0.dirs.contains("/c")
        }
        #expect(run.start?.rows.count == 4)
        #expect(run.result.counterexample == Observation(rows: [Row(n: 50, tag: "x", busy: false)], dirs: ["/c"]))
    }

    @Test("the same seed shrinks a full array to the same result in the same number of steps")
    func fullArrayShrinkIsDeterministic() {
        let gen = Gen<Observation>.compose { draw in
            Observation(rows: try draw(.array(of: Self.row, count: 0...4)), dirs: try draw(.array(of: .element(of: ["/a", "/b"]), count: 0...2)))
        }
        let fails: (Observation) -> Bool = { $0.rows.filter { $0.tag == "z" }.count >= 2 }
        let one = shrinkFromFirstFullCase(gen, isFull: { $0.rows.count == 4 }, fails: fails)
        let two = shrinkFromFirstFullCase(gen, isFull: { $0.rows.count == 4 }, fails: fails)
        #expect(one.result.counterexample == Observation(rows: [Row(n: 0, tag: "z", busy: false), Row(n: 0, tag: "z", busy: false)], dirs: []))
        #expect(one.result.counterexample == two.result.counterexample)
        #expect(one.result.shrinks == two.result.shrinks && one.result.shrinkAttempts == two.result.shrinkAttempts)
    }

    @Test("shortlex order: fewer choices first, then the smaller sequence")
    func shortlexOrder() {
        #expect(Shrinker<Int>.shortlexLess([9], [0, 0]))
        #expect(Shrinker<Int>.shortlexLess([0, 5], [1, 0]))
        #expect(!Shrinker<Int>.shortlexLess([1, 0], [1, 0]))
    }
}

/// Runs `fails` as a property from the first seed (1, 2, …) whose first case is full and
/// fails, so shrinking starts from an array at its maximum length.
func shrinkFromFirstFullCase<Value>(
    _ gen: Gen<Value>, isFull: (Value) -> Bool, fails: @escaping (Value) -> Bool
) -> (start: Value?, result: PropertyResult<Value>) {
    var seed: UInt64 = 1
    var start = try? gen.generate(ChoiceSource(seed: seed))
    while !(start.map { isFull($0) && fails($0) } ?? false), seed < 100_000 {
        seed += 1
        start = try? gen.generate(ChoiceSource(seed: seed))
    }
    var profile = Profile.pr
    profile.fixedSeed = seed
    profile.logsCaseSeeds = false
    let result = checkProperty("shrinks from a full array", gen, profile: profile) { !fails($0) }
    return (start, result)
}

@Suite struct ShrinkBudgetTests {
    @Test("a shrink cut short by the budget says so; one that finished does not")
    func budgetSpentIsReported() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let lists = Gen.array(of: .int(in: 0...100), count: 0...10)
        let finished = checkProperty("no three numbers sum past 100", lists, profile: profile, ShrinkerTests.noThreeSumPast100)
        #expect(finished.report.contains { $0.hasPrefix("  (profile pr, ") && $0.hasSuffix(" shrink candidates)") })
        profile.maxShrinkAttempts = 3
        let cut = checkProperty("no three numbers sum past 100", lists, profile: profile, ShrinkerTests.noThreeSumPast100)
        #expect(cut.shrinkAttempts == 3)
        #expect(cut.report.contains { $0.hasSuffix(" 3 shrink candidates, shrink budget spent: a smaller failing input may exist)") })
    }
}

extension ShrinkerTests {
    /// A length drawn first, then exactly that many elements: deleting an element alone leaves
    /// the length reading one past the list, so only lowering the length choice just before the
    /// elements together with the deletion (`lowerLengthAndDelete`) gets below three elements.
    static let counted = Gen.int(in: 0...6).flatMap { n in Gen.array(of: .int(in: 0...9), count: n...n) }

    @Test("a length-prefixed list holding a 7 among others shrinks to [7]")
    func lengthPrefixedListShrinksToOneElement() {
        let run = shrinkFromFirstFullCase(Self.counted, isFull: { $0.count >= 4 && $0.filter { $0 != 7 }.count >= 3 }) {
            $0.contains(7)
        }
        #expect(run.start.map { $0.count >= 4 } == true)
        #expect(run.result.counterexample == [7])
    }
}
