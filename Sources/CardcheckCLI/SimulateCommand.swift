/// `cardcheck simulate CONFIG.json`: seeded random walks past the exhaustive bound.
enum SimulateCommand {
    static let help = """
        usage: cardcheck simulate CONFIG.json [--seed N] [--depth D] [--walks W] [--budget B]
                                              [--time-limit S] [--save DIR] [--write DIR]

        Runs W random walks of up to D steps on the model CONFIG.json names, each choosing
        uniformly among the enabled actions, checking the same properties as `check`. Each
        violation is minimized and printed with the line that replays its walk alone.
        Same seed, same output. Exit code: 0 no violation, 1 a violation, 2 bad input,
        3 stopped by --time-limit before W walks, 4 output not written, 130/143 interrupted
        (the walks so far are reported, marked NOT exhaustive).

        options:
          --seed N        64-bit seed, decimal or hexadecimal 0x… (default 0)
          --depth D       steps per walk, 1-1000000 (default 100)
          --walks W       number of walks, 1-1000000000 (default 1000)
          --budget B      world actions per walk; default: the configuration's
          --time-limit S  stop after S seconds (the walks so far)
          --save DIR      write each counterexample to DIR/<property>.json (for `cardcheck replay`)
          --write DIR     as --save, plus a Markdown story beside each (models with stories)
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "simulate",
            options: ["--seed", "--depth", "--walks", "--budget", "--time-limit", "--save", "--write"], flags: [])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "simulate", expected: "one configuration file")
        }
        let file = try ConfigFile(path: args.positionals[0])
        var request = SimulateRequest(
            path: file.path, seed: try args.seed() ?? 0, depth: try args.integer("--depth", in: 1...1_000_000) ?? 100,
            walks: try args.integer("--walks", in: 1...1_000_000_000) ?? 1000,
            worldBudget: try args.integer("--budget", in: file.entry.ranges.worldBudget))
        request.timeLimit = try args.integer("--time-limit", in: 1...1_000_000)
        let model = try file.open()
        request.stories = args.string("--write") != nil
        request.saveDirectory = try (args.string("--write") ?? args.string("--save")).map(OutputDirectory.create)
        return try model.simulate(request, console)
    }
}
