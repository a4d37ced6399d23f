import ClassicModels
import Explorer
import Foundation

/// `cardcheck bench`: the explorer's speed on a fixed set of models.
enum BenchCommand {
    static let help = """
        usage: cardcheck bench [--repeat R] [--threads N]   (N: 1-64)

        Explores a fixed set of models (two-phase commit with 7 and 8 resource managers, the
        flag mutex with 9 processes) once single-threaded and once with N threads (default 2),
        R times each (default 3, best time kept), and prints distinct states/s, ns per state,
        bytes per visited state (fingerprint table; the parent link adds 6), the speed-up, and
        the CPU time the threads used over the single thread's (the speed-up can reach at most
        N / that ratio). Build with -c release; other processes on the machine lower the figures.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "bench", options: ["--repeat", "--threads"], flags: [])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench", expected: "no file") }
        let repeats = try args.positive("--repeat") ?? 3
        let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 2
        console.print(
            "model                      states   1 thread: states/s  ns/state  bytes/state"
                + "   \(threads) threads: states/s  speed-up  cpu-time ratio")
        bench(TwoPhaseCommit(resourceManagers: 7), label: "two-phase-commit, 7 RMs", repeats, threads, console)
        bench(TwoPhaseCommit(resourceManagers: 8), label: "two-phase-commit, 8 RMs", repeats, threads, console)
        bench(FlagMutex(processes: 9), label: "flag-mutex, 9 processes", repeats, threads, console)
        console.print("(\(ProcessInfo.processInfo.activeProcessorCount) cores; machine load at start: \(loadAverage()))")
        return 0
    }

    static func bench<M: Model>(_ model: M, label: String, _ repeats: Int, _ threads: Int, _ console: Console) {
        /// The fastest of `repeats` runs, with the CPU seconds (all threads) it used.
        func best(_ threads: Int) -> (report: SearchReport<M>, cpu: Double) {
            var runs: [(SearchReport<M>, Double)] = []
            for _ in 0..<repeats {
                let before = cpuSeconds()
                let report = BreadthFirstSearch(model, options: SearchOptions(threads: threads)).run()
                runs.append((report, cpuSeconds() - before))
            }
            return runs.min { $0.0.seconds < $1.0.seconds } ?? runs[0]
        }
        let (one, cpuOne) = best(1)
        let (many, cpuMany) = best(threads)
        let n = Double(one.distinctStates)
        let rate1 = n / one.seconds, rateN = n / many.seconds
        console.print(
            label.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%9d   %14.0f  %8.0f  %11.1f   %18.0f  %7.2fx  %14.2f",
                         one.distinctStates, rate1, one.seconds * 1e9 / n, Double(one.visitedBytes) / n,
                         rateN, rateN / rate1, cpuOne > 0 ? cpuMany / cpuOne : 0))
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
