import Foundation
import SeededRandom

extension HarnessBenchmark {
    /// A big input's shrink as a benchmark: a radix sort that reads integers as unsigned (so
    /// negative numbers sort after the others), checked against `sorted()`, failing on a list of
    /// `elements` values drawn in -10^9...10^9 (seeded: the same list every run), in the two
    /// shapes a user writes a long list in. Each line: the shrunk list, the candidates and calls
    /// spent, the shrink's wall time and the CPU time of its run, with the PR profile's budgets. The ideal is `[0, -1]`,
    /// and for the fixed length every value 0 but one -1.
    /// Prints; asserts nothing.
    public static func bigInputs(elements: Int = 10_000) -> [String] {
        let count = max(elements, 2)
        var quiet = Profile.pr
        quiet.seedLog = .off
        var lines = ["big inputs: a \(count)-element list failing an unsigned radix sort, shrunk with the PR profile's budgets "
            + "(\(quiet.maxShrinkAttempts) candidates, \(Int(quiet.shrinkTimeBudget ?? 0)) s)"]
        for (shape, gen, choices) in bigInputShapes(count) {
            var runner = PropertyRunner(name: "radix sort sorts", gen: gen, profile: quiet, cover: [], filter: "radix sort sorts") {
                list, _ in radixSortUnsigned(list) == list.sorted()
            }
            runner.progress = nil
            let cpuBefore = cpuSeconds()
            let shrinking = runner.shrinking(choices: choices)
            let cpu = cpuSeconds() - cpuBefore
            guard let result = shrinking, let shrunk = result.counterexample else {
                lines.append(shape + ": the list does not fail")
                continue
            }
            let shown = ValueDescription(shrunk).short
            // The values left, by place (a list of fixed length prints as its first zeros).
            let nonZero = shrunk.indices.filter { shrunk[$0] != 0 }
            let left = nonZero.count <= 4 ? ": " + nonZero.map { "\(shrunk[$0]) at \($0)" }.joined(separator: ", ") : ""
            lines.append(shape + ": \(count) → \(shrunk.count) elements (\(nonZero.count) non-zero\(left)) \(shown) in "
                + String(format: "%.3f", result.shrinkSeconds) + " s (" + String(format: "%.3f", cpu) + " s CPU), "
                + "\(result.shrinkAttempts) candidates (\(result.shrinkCalls) calls)"
                + (result.failures.first?.stoppedAtTimeBudget == true ? ", stopped at the time budget"
                    : result.shrinkAttempts >= quiet.maxShrinkAttempts ? ", candidate budget spent" : ""))
        }
        return lines
    }

    /// The process's CPU time in seconds (user and system): the shrink's wall time on a loaded
    /// machine is mostly waiting for a core.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The list as `Gen.array(count: 0...n)` draws it, as a length drawn first
    /// (`Gen.int(in:).flatMap { Gen.array(count: $0...$0) }`), and at a fixed length
    /// (`Gen.array(count: n...n)`: nothing can be cut), with the choices of the same values.
    static func bigInputShapes(_ count: Int) -> [(String, Gen<[Int]>, [UInt64])] {
        var random = SplitMix64(seed: 2026)
        let bound = 1_000_000_000
        let values = (0..<count).map { _ in Int(random.next() % UInt64(2 * bound + 1)) - bound }
        let element = Gen.int(in: -bound...bound)
        let pairs: [UInt64] = values.flatMap { [1] + IntMapping.choices(for: $0, lo: -bound, hi: bound) }
        let plain = pairs + [0]
        let lengthFirst = [UInt64(count)] + pairs + [0]
        return [
            ("array(count: 0...\(count))", Gen.array(of: element, count: 0...count), plain),
            ("length, then array(count: n...n)", Gen.int(in: 0...count).flatMap { n in Gen.array(of: element, count: n...n) }, lengthFirst),
            ("array(count: \(count)...\(count))", Gen.array(of: element, count: count...count), plain),
        ]
    }

    /// A least-significant-digit radix sort, base 256, over the integers' bit patterns as
    /// unsigned numbers: a negative number sorts after every non-negative one (the planted bug).
    static func radixSortUnsigned(_ list: [Int]) -> [Int] {
        var list = list
        for digit in 0..<8 {
            var buckets = [[Int]](repeating: [], count: 256)
            for value in list { buckets[Int((UInt64(bitPattern: Int64(value)) >> (8 * UInt64(digit))) & 255)].append(value) }
            list = buckets.flatMap { $0 }
        }
        return list
    }
}
