import PropertyTesting

/// `cardcheck bench-harness`: the property harness's speed. Parses and prints; the work is
/// `HarnessBenchmark` in PropertyTesting.
enum BenchHarnessCommand {
    static let help = """
        usage: cardcheck bench-harness [--cases N] [--failures F]

        Generates N cases (default 100000) of a fixed record generator, shrinks F failing runs
        (default 500) of a planted list bug, and generates and runs N/10 stateful command
        sequences, all on fixed seeds, and prints generated cases/s, shrink steps/s (candidate
        replays) and sequences/s. Build with -c release; other processes lower the figures.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "bench-harness", options: ["--cases", "--failures"], flags: [])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench-harness", expected: "no file") }
        let cases = try args.positive("--cases") ?? 100_000
        let failures = try args.positive("--failures") ?? 500
        console.print(HarnessBenchmark.run(cases: cases, failures: failures))
        return 0
    }
}
