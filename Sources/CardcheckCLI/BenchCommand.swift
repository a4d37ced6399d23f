import Explorer
import FleetModel
import Foundation

/// `cardcheck bench`: the explorer's speed on a fixed set of models, each search measured in a
/// fresh child process (`bench --run`), so no figure carries the memory of the runs before it.
enum BenchCommand {
    static let help = """
        usage: cardcheck bench [--repeat R] [--threads N] [--fleet-only] [--fleet CONFIG.json]
               cardcheck bench --run MODEL [--threads N] [--fleet CONFIG.json]

        Explores a fixed set of models (two-phase commit with 7 and 8 resource managers, the
        flag mutex with 9 processes, and the fleet card's default configuration,
        Models/fleet-card.json, or CONFIG.json) once single-threaded and once with N threads
        (default 2), R times each (default 3, best time kept), and prints distinct states/s,
        ns per state, bytes per visited state (fingerprint table; the parent link adds 6),
        peak bytes per state (the process's peak resident memory during the run over the
        distinct states, single-threaded, then the same less the resident memory the process
        had before the run, then with N threads), the speed-up, and the CPU time the threads used over
        the single thread's (the speed-up can reach at most N / that ratio). Each run is its
        own process (this executable with --run), so each figure comes from a fresh process;
        a thread count's figures are those of its fastest run. Build with -c release; other
        processes on the machine lower the figures. Ctrl-C or SIGTERM stops the bench and its
        running search (exit 130 / 143); a run that fails stops it with one line (exit 2).

        --run MODEL runs one search (MODEL: two-phase-commit-7, two-phase-commit-8,
        flag-mutex-9, fleet) with N threads (default 1) in this process and prints one line:
        cardcheck-bench-run states=S seconds=T cpu=C visited-bytes=B peak=P growth=G
        (seconds of the search, CPU seconds of all threads, bytes of the visited set, the peak
        resident bytes, and the same less the resident bytes before the search).
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        try run(arguments, console: console, executable: BenchChild.executable)
    }

    /// `executable` is what runs each search (`executable bench --run ...`); tests name the
    /// built `cardcheck`, since their own process is the test runner.
    static func run(_ arguments: [String], console: Console, executable: String) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "bench", options: ["--repeat", "--threads", "--fleet", "--run"], flags: ["--fleet-only"])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench", expected: "no file") }
        let fleetPath = args.string("--fleet") ?? "Models/fleet-card.json"
        if let name = args.string("--run") {
            if args.string("--repeat") != nil { throw CommandError.notWith("--repeat", "--run") }
            if args.has("--fleet-only") { throw CommandError.notWith("--fleet-only", "--run") }
            guard let model = BenchModel.named(name) else { throw CommandError.unknownBenchModel(name) }
            if model.name != "fleet" && args.string("--fleet") != nil { throw CommandError.onlyWith("--fleet", "--run fleet") }
            let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 1
            console.print(try model.measure(threads, fleetPath).line)
            return 0
        }
        let repeats = try args.positive("--repeat") ?? 3
        let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 2
        _ = try FleetConfig.load(path: fleetPath)  // a bad file: one line before any run
        let models = args.has("--fleet-only") ? BenchModel.all.filter { $0.name == "fleet" } : BenchModel.all
        console.print(
            "model                      states   1 thread: states/s  ns/state  bytes/state  peak bytes/state  growth bytes/state"
                + "   \(threads) threads: states/s  peak bytes/state  speed-up  cpu-time ratio")
        let stop = RunStop()
        let finished = try stop.during { Result { () throws -> Bool in
            for model in models {
                /// The fastest of `repeats` runs with `n` threads, each its own process; nil once stopped.
                func best(_ n: Int) throws -> BenchFigures? {
                    var fastest: BenchFigures?
                    var childArguments = ["bench", "--run", model.name, "--threads", "\(n)"]
                    if model.name == "fleet" { childArguments += ["--fleet", fleetPath] }
                    for _ in 0..<repeats {
                        let what = "run 'cardcheck \(childArguments.joined(separator: " "))'"
                        guard case .figures(let f) = try BenchChild.run(executable, childArguments, what: what, stop: stop)
                        else { return nil }
                        if f.seconds < fastest?.seconds ?? .infinity { fastest = f }
                    }
                    return fastest
                }
                guard let one = try best(1), let many = try best(threads) else { return false }
                console.print(row(model.label, one: one, many: many))
            }
            return true
        } }.get()
        console.print("(\(ProcessInfo.processInfo.activeProcessorCount) cores; machine load at start: \(loadAverage()))")
        if !finished {
            console.print("stopped: \(stop.reasonText ?? "interrupted"); the rows above are complete, the rest was not run")
            return stop.exitCode ?? ExitCode.interrupted
        }
        return 0
    }

    /// A model's row: the single-threaded figures, then the figures with N threads.
    static func row(_ label: String, one: BenchFigures, many: BenchFigures) -> String {
        let n = Double(one.states)
        let rate1 = n / one.seconds, rateN = n / many.seconds
        return label.padding(toLength: 24, withPad: " ", startingAt: 0)
            + String(format: "%9d   %14.0f  %8.0f  %11.1f  %16.0f  %18.0f   %18.0f  %16.0f  %7.2fx  %14.2f",
                     one.states, rate1, one.seconds * 1e9 / n, Double(one.visitedBytes) / n,
                     Double(one.peak) / n, Double(one.growth) / n, rateN, Double(many.peak) / n, rateN / rate1,
                     one.cpu > 0 ? many.cpu / one.cpu : 0)
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
