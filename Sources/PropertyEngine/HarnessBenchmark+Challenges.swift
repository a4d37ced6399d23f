import Foundation

extension HarnessBenchmark {
    /// The shrinking challenge as a benchmark: every challenge (or those named in `only`) on
    /// seeds 0..<seeds, one line each. "found" counts seeds failing within the PR profile's
    /// 100 cases; shrinking runs on whatever fails within 10,000. Medians are over the found seeds.
    /// `stop` is asked before each seed (Ctrl-C, SIGTERM): once it says so, the challenge being
    /// measured and the rest are left out.
    public static func challenges(seeds: Int = 100, only: [String] = [], misses: Int = 0, stop: () -> Bool = { false }) -> [String] {
        let chosen = ShrinkingChallenge.catalog.filter { only.isEmpty || only.contains($0.name) }
        var lines = ["shrinking challenge: \(chosen.count) challenges, \(seeds) seeds each, PR shrink budget "
            + "(\(Profile.pr.maxShrinkAttempts) candidates); bar: ideal in 95% of seeds where Hypothesis reaches it, else 90%"]
        lines.append(pad("challenge", 29) + pad("found", 6) + pad("ideal", 6) + pad("bar", 6) + pad("size", 5)
            + pad("replays", 8) + pad("calls", 6) + pad("hyp", 9) + pad("ratio", 6) + pad("hyp+", 5) + pad("ratio", 6)
            + pad("ms", 7) + "ideal result")
        var worst = 0.0
        for challenge in chosen {
            guard let measurement = challenge.measure(seeds: seeds, stop: stop) else { break }
            let found = measurement.found
            let size = Measurement.median(found.map(\.shrunkChoices)).map(String.init) ?? "-"
            let replays = Measurement.median(found.map(\.candidates)).map(String.init) ?? "-"
            let calls = Measurement.median(found.map(\.calls))
            let time = Measurement.median(found.map(\.shrinkSeconds)) ?? 0
            worst = max(worst, time)
            let bar = challenge.hypothesisReachesIdeal ? 95 : 90
            let met = measurement.ideal * 100 >= bar * seeds
            let hypothesis = challenge.hypothesis.map { "\($0.calls) \($0.idealPercent)%" } ?? "-"
            let ratio = zip(calls, challenge.hypothesis).map { String(format: "%.1f", Double($0) / Double(max($1.calls, 1))) } ?? "-"
            let after = challenge.hypothesis.map { String($0.afterFirstFailure) } ?? "-"
            let afterRatio = zip(calls, challenge.hypothesis).map {
                String(format: "%.1f", Double($0) / Double(max($1.afterFirstFailure, 1)))
            } ?? "-"
            lines.append(pad(challenge.name, 29) + pad(percent(measurement.foundWithinPR, seeds), 6)
                + pad(percent(measurement.ideal, seeds), 6) + pad((met ? "ok " : "no ") + "\(bar)", 6) + pad(size, 5)
                + pad(replays, 8) + pad(calls.map(String.init) ?? "-", 6) + pad(hypothesis, 9) + pad(ratio, 6)
                + pad(after, 5) + pad(afterRatio, 6) + pad(String(format: "%.2f", time * 1000), 7) + (challenge.variant.map { "variant (\($0)): " } ?? "") + challenge.ideal)
            for (text, count) in measurement.commonMisses(misses) {
                lines.append("    \(count)× " + text.replacingOccurrences(of: "\n", with: " "))
            }
        }
        lines.append("size: the shrunk case's choices; replays: candidates replayed; calls: those that ran the property; "
            + "hyp: Hypothesis's shrink-phase calls and ideal rate on the same problem; ratio: calls / Hypothesis's; "
            + "hyp+: Hypothesis's calls from its first failure on (it generates on and shrinks the smallest failure; "
            + "the harness shrinks the first, so its calls are all it spends after it), ratio: calls / those "
            + "(medians over the found seeds); ms: median shrink time, slowest \(String(format: "%.2f", worst * 1000)) ms")
        return lines
    }

    private static func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
        guard let a, let b else { return nil }
        return (a, b)
    }

    private static func percent(_ count: Int, _ total: Int) -> String {
        "\(count * 100 / max(total, 1))%"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
