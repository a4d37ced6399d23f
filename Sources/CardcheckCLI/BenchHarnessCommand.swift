import Explorer
import PropertyEngine

/// `cardcheck bench-harness`: the property harness's speed, or (`--challenge`) its shrinker on
/// the public shrinking challenge. Parses and prints; the work is `HarnessBenchmark`.
enum BenchHarnessCommand {
    static let help = """
        usage: cardcheck bench-harness [--cases N] [--failures F]
               cardcheck bench-harness --challenge [--seeds S] [--only NAME[,NAME…]] [--misses M]
               cardcheck bench-harness --big [--elements N]

        Generates N cases (default 100000) of a fixed record generator, shrinks F failing runs
        (default 500) of a planted list bug, and generates and runs N/10 stateful command
        sequences, all on fixed seeds, and prints generated cases/s, shrink steps/s (candidate
        replays) and sequences/s. Build with -c release; other processes lower the figures.

        --challenge runs the shrinking challenge (bound5, calculator, binheap, …) on seeds
        0..<S (default 100) and prints per challenge: the share of seeds that find the failure
        within the PR profile's 100 cases, the share that shrink to the ideal result, the median
        shrunk size (choices), candidates tried, calls of the property and shrink time, beside
        Hypothesis's recorded calls (its shrink phase, and everything from its first failure
        on) with the ratios; --misses M also lists the M most frequent non-ideal results.

        --big shrinks one failure of a big input: a list of N values (default 10000) that a
        radix sort reading integers as unsigned gets wrong (it sorts negative numbers last),
        drawn as array(count: 0...N), as a length then array(count: n...n), and at a fixed
        length, array(count: N...N), and prints per shape the shrunk list (its non-zero values
        by place), candidates, calls, and wall and CPU time.

        Ctrl-C or SIGTERM stops either with the figures of the work done so far, then a line
        saying so (exit 130 / 143).
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "bench-harness", options: ["--cases", "--failures", "--seeds", "--only", "--misses", "--elements"],
            flags: ["--challenge", "--big"])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench-harness", expected: "no file") }
        if args.has("--big") {
            for flag in ["--cases", "--failures", "--seeds", "--only", "--misses"] where args.string(flag) != nil {
                throw CommandError.notWith(flag, "--big")
            }
            if args.has("--challenge") { throw CommandError.notWith("--challenge", "--big") }
            console.print(HarnessBenchmark.bigInputs(elements: try args.positive("--elements") ?? 10_000))
            return 0
        }
        if args.string("--elements") != nil { throw CommandError.onlyWith("--elements", "--big") }
        if args.has("--challenge") {
            for flag in ["--cases", "--failures"] where args.string(flag) != nil {
                throw CommandError.notWith(flag, "--challenge")
            }
            let seeds = try args.positive("--seeds") ?? 100
            let misses = try args.nonNegative("--misses") ?? 0
            var only: [String] = []
            if let text = args.string("--only") {
                only = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !only.contains("") else { throw CommandError.emptyNameList("--only", "challenge", text) }
            }
            let known = ShrinkingChallenge.catalog.map(\.name)
            if let unknown = only.first(where: { !known.contains($0) }) {
                throw CommandError.unknownChallenge(unknown, known: known)
            }
            let stop = RunStop()
            console.print(stop.during { HarnessBenchmark.challenges(seeds: seeds, only: only, misses: misses, stop: { stop.signal.isRaised }) })
            return stopped(stop, console)
        }
        for flag in ["--seeds", "--only", "--misses"] where args.string(flag) != nil {
            throw CommandError.onlyWith(flag, "--challenge")
        }
        let cases = try args.positive("--cases") ?? 100_000
        let failures = try args.positive("--failures") ?? 500
        let stop = RunStop()
        console.print(stop.during { HarnessBenchmark.run(cases: cases, failures: failures, stop: { stop.signal.isRaised }) })
        return stopped(stop, console)
    }

    /// After Ctrl-C or SIGTERM: a line saying the figures cover the work done, and 130 / 143.
    static func stopped(_ stop: RunStop, _ console: Console) -> Int32 {
        guard let code = stop.exitCode else { return 0 }
        console.print("stopped: \(stop.reasonText ?? "interrupted"); the figures cover the work done before it")
        return code
    }
}
