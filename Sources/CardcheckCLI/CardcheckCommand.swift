import Explorer
import Foundation

/// The `cardcheck` command line: parses, calls the library, prints.
public enum CardcheckCommand {
    /// Every subcommand, in the order `--help` lists them. Adding one is one entry here.
    static let subcommands: [Subcommand] = [
        Subcommand(
            name: "check", summary: "explore a model exhaustively to its bounds", help: CheckCommand.help,
            run: CheckCommand.run),
        Subcommand(
            name: "simulate", summary: "seeded random walks past the exhaustive bound", help: SimulateCommand.help,
            run: SimulateCommand.run),
        Subcommand(
            name: "replay", summary: "re-run a saved trace and say where it diverges", help: ReplayCommand.help,
            stoppable: false, run: ReplayCommand.run),
        Subcommand(
            name: "diagnose", summary: "check a server log against the model (trace validation)",
            help: DiagnoseCommand.help, run: DiagnoseCommand.run),
        Subcommand(
            name: "mutants", summary: "a model's guard table: each guard off in turn", help: MutantsCommand.help,
            run: MutantsCommand.run),
        Subcommand(name: "pr", summary: "what a pull request runs: PR configurations and their guard mutants", help: ProfileCommand.prHelp, run: { try ProfileCommand.run("pr", $0, console: $1) }),
        Subcommand(name: "nightly", summary: "the nightly matrix, or one shard of it (--shard i/n)", help: ProfileCommand.nightlyHelp, run: { try ProfileCommand.run("nightly", $0, console: $1) }),
        Subcommand(name: "plan", summary: "the nightly matrix for a CI engine: JSON, a CI matrix, a Kubernetes Job", help: PlanCommand.help, stoppable: false, run: PlanCommand.run),
        Subcommand(name: "merge", summary: "fold shard reports into one report, in any order", help: MergeCommand.help, stoppable: false, run: MergeCommand.run),
        Subcommand(
            name: "bench", summary: "the explorer's speed on a fixed set of models", help: BenchCommand.help,
            run: BenchCommand.run),
        Subcommand(
            name: "bench-harness", summary: "the property harness's speed: cases/s, shrink steps/s",
            help: BenchHarnessCommand.help, run: BenchHarnessCommand.run),
    ]

    static var help: String {
        var lines = [
            "usage: cardcheck <subcommand> [arguments]   (cardcheck <subcommand> --help for details)",
            "",
            "subcommands:",
        ]
        let width = subcommands.map(\.name.count).max() ?? 0
        for s in subcommands {
            lines.append("  " + s.name + String(repeating: " ", count: width - s.name.count + 2) + s.summary)
        }
        lines.append("")
        lines.append("models (the \"model\" key of a configuration):")
        for e in ModelCatalog.entries.sorted(by: { $0.name < $1.name }) {
            lines.append("  \(e.name): \(e.summary)")
        }
        return lines.joined(separator: "\n")
    }

    /// Runs the command for `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        // First: SIGINT and SIGTERM blocked and read by one thread, so a signal sent as the
        // process starts is not lost before the run it should stop has begun.
        SignalWatcher.shared.start()
        // A closed pipe is a failed write (exit 4), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let code = run(arguments, console: .standard())
        // A signal after the run ended (while its report was written): still the signal's code.
        let late = SignalWatcher.shared.pending
        if late != 0 && code != ExitCode.interrupted && code != ExitCode.terminated { return 128 + late }
        return code
    }

    /// `cardcheck-mpi`: `check` with its search spread over the ranks `start` joins (MPI),
    /// run by every rank; rank 0 alone writes (another rank, if rank 0 died). Any other
    /// subcommand is refused, on every rank together.
    public static func mainDistributed(_ arguments: [String], start: () throws(FabricEnded) -> any RankFabric) -> Int32 {
        SignalWatcher.shared.start()
        signal(SIGPIPE, SIG_IGN)
        let fabric: any RankFabric
        do {
            fabric = try start()
        } catch {
            _ = Console.writeAll(STDERR_FILENO, "cardcheck-mpi: \(error.reason)\n")
            return ExitCode.badInput
        }
        let gate = RankGate(fabric)
        let console = gate.console()
        var code: Int32
        if arguments.isEmpty {
            console.error("cardcheck-mpi: no subcommand (usage: mpirun -np N cardcheck-mpi check CONFIG.json [check's options])")
            code = ExitCode.badInput
        } else if let first = arguments.first, first != "check", first != "--help", first != "-h" {
            console.error("cardcheck-mpi: " + CommandError.distributedCheckOnly(first).description)
            code = ExitCode.badInput
        } else {
            code = run(arguments.first == "check" ? arguments : ["check", "--help"], console: console, gate: gate)
        }
        // A rank that ended before the start agreement (bad input, help) still joins it, so its
        // peers end too instead of waiting in a collective it never makes (issue 54).
        if !gate.joined {
            _ = try? gate.start(nil)
        }
        let late = SignalWatcher.shared.pending
        if late != 0 && code != ExitCode.interrupted && code != ExitCode.terminated { code = 128 + late }
        if gate.ended {
            // The fabric broke (a rank died): the lowest rank alive prints the one report, the
            // others wait for the job to be ended rather than end it before it is printed.
            if fabric.rank == 0 || !fabric.lowerRankAnswers(patience: 0.5) {
                if fabric.rank != 0 && !gate.speak() { code = ExitCode.outputFailed }
                fabric.abandon(code)
            }
            sleep(10)
            fabric.abandon(code)
        }
        fabric.finish()
        return code
    }

    /// Runs with output going to `console`: 0 pass, 1 a property fails, 2 bad input (one line).
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        run(arguments, console: console, gate: nil)
    }

    /// `run`, with `check` searching over `gate`'s ranks when one is given.
    static func run(_ arguments: [String], console: Console, gate: RankGate?) -> Int32 {
        let code = dispatch(arguments, console: console, gate: gate)
        if console.outputFailed {
            console.error("cardcheck: cannot write to standard output (disk full or stream closed)")
            return ExitCode.outputFailed
        }
        return code
    }

    static func dispatch(_ arguments: [String], console: Console, gate: RankGate? = nil) -> Int32 {
        guard let first = arguments.first else {
            console.error("cardcheck: " + CommandError.noSubcommand(subcommands.map(\.name)).description)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            console.print(help)
            return 0
        }
        guard let subcommand = subcommands.first(where: { $0.name == first }) else {
            console.error("cardcheck: " + CommandError.unknownSubcommand(first).description)
            return 2
        }
        SignalWatcher.shared.command(stoppable: subcommand.stoppable)
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.print(subcommand.help)
            return 0
        }
        do {
            if let gate { return try CheckCommand.run(rest, console: console, gate: gate) }
            return try subcommand.run(rest, console)
        } catch let error as CommandError {
            console.error("cardcheck: " + StrictJSON.oneLine(error.description))
            return 2
        } catch let error as OutputError {
            console.error("cardcheck: " + StrictJSON.oneLine(error.description))
            return ExitCode.outputFailed
        } catch {
            console.error("cardcheck: " + StrictJSON.shortened(String(describing: error), limit: 300))
            return 2
        }
    }
}
