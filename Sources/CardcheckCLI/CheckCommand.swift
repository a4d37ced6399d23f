import Foundation

/// `cardcheck check CONFIG.json`: the exhaustive bounded search.
enum CheckCommand {
    static let help = """
        usage: cardcheck check CONFIG.json [options]

        Explores every behaviour of the model CONFIG.json names, breadth-first, to the depth
        bound and world-action budget, and reports each property with a shortest, minimized
        counterexample. Exit code: 0 all properties hold and every "sometimes" is reached,
        1 otherwise, 2 bad input.

        options:
          --depth N          depth bound (steps per behaviour); default: the configuration's
          --budget N         world actions per behaviour; default: the configuration's
          --threads N        worker threads (default: all cores); results do not depend on it
          --max-states N     stop after N distinct states (partial report)
          --time-limit S     stop after S seconds (partial report)
          --stop-at-first    stop after the level where the first violation is found
          --count            also count behaviours exactly (small models: keeps every edge;
                             a fleet-card config: the exact total only, by a second pass,
                             ~20 s for Models/fleet-card.json in a release build)
          --save DIR         write each counterexample to DIR/<property>.json
          --progress         progress on stderr even when it is not a terminal
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        // The fleet model judges its findings against the configuration's expected list.
        if let path = arguments.first(where: { !$0.hasPrefix("-") }),
            (try? ConfigFile(path: path))?.entry.name == FleetCatalog.name
        {
            return FleetCommands.check(arguments, console: console)
        }
        let args = try Arguments(
            arguments, command: "check",
            options: ["--depth", "--budget", "--threads", "--max-states", "--time-limit", "--save"],
            flags: ["--stop-at-first", "--count", "--progress"])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "check", expected: "one configuration file")
        }
        var request = CheckRequest()
        request.depth = try args.positive("--depth")
        request.worldBudget = try args.nonNegative("--budget")
        request.threads = try args.positive("--threads") ?? ProcessInfo.processInfo.activeProcessorCount
        request.maxStates = try args.positive("--max-states")
        request.timeLimit = try args.positive("--time-limit")
        request.stopAtFirstViolation = args.has("--stop-at-first")
        request.count = args.has("--count")
        request.progress = args.has("--progress")
        let model = try ConfigFile(path: args.positionals[0]).open()
        request.saveDirectory = try args.string("--save").map(TraceFiles.directory)
        return try model.check(request, console)
    }
}
