import Foundation

/// `cardcheck mutants CONFIG.json`: each guard the model supplies switched off in turn.
enum MutantsCommand {
    static let help = """
        usage: cardcheck mutants CONFIG.json [MORE.json ...] [options]

        Switches each guard of the model off in turn (the rest on) and prints the property the
        explorer then breaks that holds with every guard on: its class, the depth it was found
        at and its minimized length (the spec's guard table, as Markdown). Given several
        configurations of one model (worlds), a guard is tried in each in the order given until
        one kills it; the table's world column names that configuration. Models without guard
        mutants are refused.
        Exit code: 0 every guard killed, 1 some guard not killed in a run to its bounds, 2 bad
        input, 3 stopped by --max-states, --time-limit or --memory (rows so far; a row stopped
        before a kill says "cut short"), 4 output not written, 130/143 interrupted (rows so far).

        options:
          --only GUARD,...   only these guards
          --depth N          depth bound; default: the configuration's (and its overrides)
          --budget N         world actions per behaviour; default: the configuration's
          --threads N        worker threads (1-\(CheckCommand.maxThreads); default: all cores)
          --max-states N     stop each search after about N distinct states
          --time-limit S     stop the whole table after S seconds
          --memory MB        stop a search (partial row) once the process holds MB megabytes
                             (default: three quarters of MemTotal, or of the cgroup's limit)
          --save DIR         write each row's counterexample as JSON (for `cardcheck replay`) into
                             DIR/<world>/, beside the configuration that ran it
          --write DIR        as --save, plus a Markdown story beside each (models with stories);
                             the table links each row's story as ../<world>/<file>.md
          --also PROP,...    with --write or --save: also write each row's guard-off counterexample
                             of these properties, even one every guard on breaks too (the story
                             a guard-off world tells that the row's kill does not)
          --progress         progress on stderr even when it is not a terminal
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "mutants",
            options: [
                "--only", "--depth", "--budget", "--threads", "--max-states", "--time-limit", "--memory", "--write",
                "--save", "--also",
            ],
            flags: ["--progress"])
        guard !args.positionals.isEmpty else {
            throw CommandError.arguments(command: "mutants", expected: "one or more configuration files")
        }
        let file = try ConfigFile(path: args.positionals[0])
        let model = try file.open()
        var worlds: [ConfigFile] = []
        for path in args.positionals.dropFirst() {
            let world = try ConfigFile(path: path)
            guard world.entry.name == file.entry.name else {
                throw CommandError.worldOfOtherModel(path, world.entry.name, first: file.path, file.entry.name)
            }
            let stems = ([file] + worlds).map { Self.stem($0.path) }
            guard !stems.contains(Self.stem(path)) else { throw CommandError.worldTwice(path) }
            _ = try world.open()  // a bad world is refused before any search
            worlds.append(world)
        }
        var request = MutantsRequest()
        request.depth = try args.integer("--depth", in: file.entry.ranges.depth)
        request.worldBudget = try args.integer("--budget", in: file.entry.ranges.worldBudget)
        request.threads = try CheckCommand.threads(args)
        request.maxStates = try args.integer("--max-states", in: 1...CheckCommand.stateCapacity)
        request.timeLimit = try args.integer("--time-limit", in: 1...1_000_000)
        request.memoryLimit = try CheckCommand.memoryLimit(args)
        if let only = args.string("--only") {
            let names = only.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.isEmpty, !names.contains("") else { throw CommandError.emptyGuardList(only) }
            request.only = names
        }
        if let also = args.string("--also") {
            guard args.string("--write") != nil || args.string("--save") != nil else {
                throw CommandError.onlyWith("--also", "--write or --save")
            }
            let names = also.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.isEmpty, !names.contains("") else { throw CommandError.emptyNameList("--also", "property", also) }
            request.also = names
        }
        guard let mutants = model.mutants else { throw CommandError.noMutants(file.path, file.entry.name) }
        request.progress = args.has("--progress")
        request.name = Self.stem(file.path)
        request.worlds = worlds.map { MutantWorld(name: Self.stem($0.path), configuration: $0.configuration) }
        request.stories = args.string("--write") != nil
        request.saveDirectory = try (args.string("--write") ?? args.string("--save")).map(OutputDirectory.create)
        return try mutants(request, console)
    }

    /// A world's name in the table: its file's name without folder or `.json`.
    static func stem(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}
