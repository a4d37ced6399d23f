/// Hypothesis's own figures on the same problems, printed beside the harness's: written with
/// Hypothesis as `Benchmarks/hypothesis_challenge.py` writes them and measured by it (see
/// `Docs/property-testing.md` for the run: version, seeds, date).
extension ShrinkingChallenge {
    struct HypothesisFigure: Sendable {
        /// Seeds shrinking to the ideal, in percent.
        var idealPercent: Int
        /// Median calls of the test function in the shrink phase (Hypothesis's statistics).
        var calls: Int
    }

    /// By challenge name (looked up, never iterated); none for the variant rows.
    static let hypothesisFigures: [String: HypothesisFigure] = [:]

    var hypothesis: HypothesisFigure? { Self.hypothesisFigures[name] }
}
