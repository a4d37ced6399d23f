/// Hypothesis's own figures on the same problems, printed beside the harness's: written with
/// Hypothesis as `Benchmarks/hypothesis_challenge.py` writes them and measured by it (see
/// `Docs/property-testing.md` for the run: version, seeds, date).
extension ShrinkingChallenge {
    struct HypothesisFigure: Sendable {
        /// Seeds shrinking to the ideal, in percent.
        var idealPercent: Int
        /// Median calls of the test function in the shrink phase (Hypothesis's statistics).
        var calls: Int
        /// Median calls from the first failing case to the end: the generation Hypothesis goes
        /// on with after it (it shrinks the smallest failure it found) and the shrink phase.
        /// The harness shrinks the first failure, so its shrink calls are all it spends after it.
        var afterFirstFailure: Int
    }

    /// By challenge name (looked up, never iterated); none for the variant rows.
    /// Hypothesis 6.155.2, 30 seeds each, 2 December 2026 (`python3 Benchmarks/hypothesis_challenge.py --seeds 30`:
    /// its "ideal", "calls" and "after first failure" columns).
    static let hypothesisFigures: [String: HypothesisFigure] = [
        "bound5": .init(idealPercent: 76, calls: 194, afterFirstFailure: 296),
        "large_union_list": .init(idealPercent: 100, calls: 156, afterFirstFailure: 239),
        "reverse": .init(idealPercent: 100, calls: 7, afterFirstFailure: 15),
        "calculator": .init(idealPercent: 100, calls: 56, afterFirstFailure: 251),
        "lengthlist": .init(idealPercent: 100, calls: 82, afterFirstFailure: 89),
        "difference_must_not_be_zero": .init(idealPercent: 100, calls: 24, afterFirstFailure: 36),
        "difference_must_not_be_small": .init(idealPercent: 83, calls: 35, afterFirstFailure: 1031),
        "difference_must_not_be_one": .init(idealPercent: 40, calls: 39, afterFirstFailure: 1039),
        "binheap": .init(idealPercent: 60, calls: 61, afterFirstFailure: 140),
        "coupling": .init(idealPercent: 76, calls: 5, afterFirstFailure: 57),
        "deletion": .init(idealPercent: 100, calls: 5, afterFirstFailure: 24),
        "distinct": .init(idealPercent: 100, calls: 34, afterFirstFailure: 45),
        "nested_lists": .init(idealPercent: 100, calls: 93, afterFirstFailure: 176),
    ]

    var hypothesis: HypothesisFigure? { Self.hypothesisFigures[name] }
}
