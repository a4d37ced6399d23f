/// `cardcheck simulate CONFIG.json`: seeded random walks past the exhaustive bound.
enum SimulateCommand {
    static let help = """
        usage: cardcheck simulate CONFIG.json [--seed N] [--depth D] [--walks W] [--budget B] [--save DIR]

        Runs W random walks of up to D steps on the model CONFIG.json names, each choosing
        uniformly among the enabled actions, checking the same properties as `check`. Each
        violation is minimized and printed with the line that replays its walk alone.
        Same seed, same output. Exit code: 0 no violation, 1 a violation, 2 bad input.

        options:
          --seed N     64-bit seed (default 0)
          --depth D    steps per walk (default 100)
          --walks W    number of walks (default 1000)
          --budget B   world actions per walk; default: the configuration's
          --save DIR   write each counterexample to DIR/<property>.json (for `cardcheck replay`)
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "simulate", options: ["--seed", "--depth", "--walks", "--budget", "--save"], flags: [])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "simulate", expected: "one configuration file")
        }
        var request = SimulateRequest(
            path: args.positionals[0], seed: try args.seed() ?? 0, depth: try args.positive("--depth") ?? 100,
            walks: try args.positive("--walks") ?? 1000, worldBudget: try args.nonNegative("--budget"))
        let model = try ConfigFile(path: request.path).open()
        request.saveDirectory = try args.string("--save").map(TraceFiles.directory)
        return try model.simulate(request, console)
    }
}
