import Explorer
import Foundation

/// `cardcheck diagnose LOG.jsonl`: a server log checked against the model (trace validation).
enum DiagnoseCommand {
    static let help = """
        usage: cardcheck diagnose LOG.jsonl [--config CONFIG.json | --worlds NAME,...] [--strict]
                                            [--gap-steps N] [--gap-budget N] [--max-states N]
                                            [--time-limit S] [--breaking PROPERTY] [--progress]
                                            [--no-reuse] [--from-start] [--events KIND,...]

        Reads a server log (one JSON object per line, the fleet card's ~/.lfg/liveactivity.log;
        Docs/diagnose.md) and searches the model CONFIG.json names for one behaviour whose
        server log is exactly these lines (the log is a window: its first line may be written
        from any state the configuration reaches; --from-start for
        a whole log, read from the initial states), every phone, app, iOS and
        APNs step free between two lines, the log's sids and token prefixes bound to the
        model's sessions and tokens one to one. Prints "consistent" with a witness told as a
        story (each step beside the log line it wrote) and every property it breaks, or
        "INCONSISTENT at line N" with the longest prefix the model can write, what it would
        log there instead and the candidate states; then the seed's rule (for each decide
        start, did an adopted follow within 90 s) and the patterns the model names. A long log
        is split into episodes (at each decide start): the search is carried through them,
        and an episode it cannot carry is searched again from the model's initial states.
        A malformed line is refused (one line naming the file, the line and what was expected);
        an event kind the spec does not list is skipped and counted, or refused with --strict;
        fields beyond those the format needs are ignored.
        With a two-phase-commit configuration the log is a transaction manager's
        ({"event":"prepared","rm":"db-2"}, {"event":"commit"}, {"event":"abort"}; Docs/diagnose.md,
        "Another model's log"): the same search and verdicts, the flags its log has (not --events).
        With --breaking PROPERTY the witness must also break that property, or with a class
        (zombie-card) any of its causes (a log of a frozen card: is it
        zombie-card:unaddressable?): the log is searched as one episode, the steps
        after its last line free as between two lines; "consistent, but no behaviour within
        the gap bounds that writes it breaks PROPERTY" when none does (exit 1).
        Exit code: 0 consistent, 1 inconsistent (or not one behaviour, or no evidence), 2 bad input, 3 cut short by --max-states or
        --time-limit (partial report), 4 output not written, 130 Ctrl-C, 143 SIGTERM.

        Which world? With no --config the log is tried in each committed fleet world
        (Models/fleet-card*.json, cheapest first; --worlds NAME,... for some of them): one line
        per world, whether it admits the log, and for one that does not the first line it cannot
        write and the model assumption that line breaks (or what the world would log there
        instead); a world whose search was cut short is "not decided", and after a stop the
        worlds left are "not tried". Exit code: 0 some world admits the log, 1 every world
        refuses it (or no evidence), 3 none admits it and some were not decided (--max-states,
        per world), 3 / 130 / 143 stopped by --time-limit / Ctrl-C / SIGTERM with worlds left.

        options:
          --config FILE    the model configuration (none: each committed world, below)
          --worlds N,...   without --config: only these committed worlds (their file stems)
          --strict         refuse an unknown event kind instead of skipping it
          --gap-steps N    unlogged steps tried between two lines, 1-64 (default 16)
          --gap-budget N   world actions among them, 0-8 (default 2, or the configuration's
                           world budget when larger)
          --max-states N   stop after N search states (partial report; default 5,000,000)
          --time-limit S   stop after S seconds (partial report)
          --breaking P     the witness must break property P, or any property of class P
                           (any but the reach: goals, which are reached, not broken; an
                           unknown name is refused with the list)
          --from-start     the log is whole: its first line is written from the model's
                           initial states (default: a window, opening on any reachable state)
          --events K,...   the event kinds the build wrote (default: every kind); the model's
                           lines of other kinds are not required (a build before client-ended:
                           --events decide,send,no-tokens,none-accepted,partial,start-vetoed)
          --progress       a progress line on standard error every 1,024 log lines (always
                           when standard error is a terminal)
          --no-reuse       search every episode, even where an earlier search read the same
                           lines up to names (for measuring: the report is the same but for
                           its search line)
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "diagnose",
            options: ["--config", "--worlds", "--gap-steps", "--gap-budget", "--max-states", "--time-limit", "--breaking", "--events"],
            flags: ["--strict", "--progress", "--no-reuse", "--from-start"])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "diagnose", expected: "one log file")
        }
        var request = DiagnoseRequest(logPath: args.positionals[0])
        request.strict = args.has("--strict")
        request.progress = args.has("--progress")
        request.noReuse = args.has("--no-reuse")
        request.fromStart = args.has("--from-start")
        if let text = args.string("--events") {
            let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            guard !kinds.isEmpty, kinds.allSatisfy({ !$0.isEmpty }) else { throw CommandError.emptyNameList("--events", "event kind", text) }
            request.events = kinds
        }
        request.gapSteps = try args.integer("--gap-steps", in: 1...64)
        request.gapBudget = try args.integer("--gap-budget", in: 0...8)
        request.maxStates = try args.integer("--max-states", in: 1...Int(Int32.max))
        request.timeLimit = try args.integer("--time-limit", in: 1...1_000_000)
        request.breaking = args.string("--breaking")
        guard let config = args.string("--config") else {
            var names: [String]?
            if let text = args.string("--worlds") {
                let list = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
                guard list.allSatisfy({ !$0.isEmpty }) else { throw CommandError.emptyNameList("--worlds", "world", text) }
                names = list
            }
            // The committed worlds are the catalog's data: the entry that has some tries them.
            guard let inWorlds = ModelCatalog.entries.lazy.compactMap(\.diagnoseInWorlds).first else {
                throw CommandError.arguments(command: "diagnose", expected: "--config CONFIG.json (no model has committed worlds to try)")
            }
            return try inWorlds(request, names, console)
        }
        if args.string("--worlds") != nil { throw CommandError.notWith("--worlds", "--config") }
        let file = try ConfigFile(path: config)
        let model = try file.open()
        guard let diagnose = model.diagnose else { throw CommandError.noServerLog(file.path, file.entry.name) }
        return try diagnose(request, console)
    }
}
