import ClassicModels
import Explorer
import FleetModel
import Foundation

/// `cardcheck bench`: the explorer's speed on a fixed set of models.
enum BenchCommand {
    static let help = """
        usage: cardcheck bench [--repeat R] [--threads N] [--fleet-only] [--fleet CONFIG.json]

        Explores a fixed set of models (two-phase commit with 7 and 8 resource managers, the
        flag mutex with 9 processes, and the fleet card's default configuration,
        Models/fleet-card.json, or CONFIG.json) once single-threaded and once with N threads
        (default 2), R times each (default 3, best time kept), and prints distinct states/s,
        ns per state, bytes per visited state (fingerprint table; the parent link adds 6),
        peak bytes per state (the process's peak resident memory during the run over the
        distinct states, single-threaded, then the same less the resident memory the process
        had before the run, then with N threads), the speed-up, and the CPU time the threads used over
        the single thread's (the speed-up can reach at most N / that ratio). Build with
        -c release; other processes on the machine lower the figures.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "bench", options: ["--repeat", "--threads", "--fleet"], flags: ["--fleet-only"])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench", expected: "no file") }
        let repeats = try args.positive("--repeat") ?? 3
        let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 2
        let fleetPath = args.string("--fleet") ?? "Models/fleet-card.json"
        let fleet = try FleetConfig.load(path: fleetPath)
        console.print(
            "model                      states   1 thread: states/s  ns/state  bytes/state  peak bytes/state  growth bytes/state"
                + "   \(threads) threads: states/s  peak bytes/state  speed-up  cpu-time ratio")
        if !args.has("--fleet-only") {
            bench(TwoPhaseCommit(resourceManagers: 7), label: "two-phase-commit, 7 RMs", repeats, threads, console)
            bench(TwoPhaseCommit(resourceManagers: 8), label: "two-phase-commit, 8 RMs", repeats, threads, console)
            bench(FlagMutex(processes: 9), label: "flag-mutex, 9 processes", repeats, threads, console)
        }
        let bounds = SearchOptions(depthBound: fleet.bounds.depth, worldBudget: fleet.bounds.worldBudget)
        bench(FleetSystem(config: fleet), label: "fleet", repeats, threads, console, bounds: bounds)
        console.print("(\(ProcessInfo.processInfo.activeProcessorCount) cores; machine load at start: \(loadAverage()))")
        return 0
    }

    static func bench<M: Model>(
        _ model: @autoclosure () -> M, label: String, _ repeats: Int, _ threads: Int, _ console: Console,
        bounds: SearchOptions = SearchOptions()
    ) {
        /// The fastest of `repeats` runs, with the CPU seconds (all threads) it used, and the
        /// peak resident memory of the first run (from a reset peak; each run a fresh model).
        func best(_ threads: Int) -> (report: SearchReport<M>, cpu: Double, peak: Int, growth: Int) {
            var runs: [(SearchReport<M>, Double)] = []
            var peak = 0, growth = 0
            var options = bounds
            options.threads = threads
            for _ in 0..<repeats {
                ResidentMemory.resetPeak()
                let resident = ResidentMemory.current() ?? 0
                let before = cpuSeconds()
                let report = BreadthFirstSearch(model(), options: options).run()
                runs.append((report, cpuSeconds() - before))
                if runs.count == 1 {
                    peak = ResidentMemory.peak() ?? 0
                    growth = max(0, peak - resident)
                }
            }
            let fastest = runs.min { $0.0.seconds < $1.0.seconds } ?? runs[0]
            return (fastest.0, fastest.1, peak, growth)
        }
        let (one, cpuOne, peakOne, growthOne) = best(1)
        let (many, cpuMany, peakMany, _) = best(threads)
        let n = Double(one.distinctStates)
        let rate1 = n / one.seconds, rateN = n / many.seconds
        console.print(
            label.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%9d   %14.0f  %8.0f  %11.1f  %16.0f  %18.0f   %18.0f  %16.0f  %7.2fx  %14.2f",
                         one.distinctStates, rate1, one.seconds * 1e9 / n, Double(one.visitedBytes) / n,
                         Double(peakOne) / n, Double(growthOne) / n, rateN, Double(peakMany) / n, rateN / rate1,
                         cpuOne > 0 ? cpuMany / cpuOne : 0))
    }

    /// User and system CPU seconds of the whole process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
