import ClassicModels
import Explorer
import Foundation

/// `cardcheck bench`: the explorer's speed on a fixed set of models.
enum BenchCommand {
    static let help = """
        usage: cardcheck bench [--repeat R] [--threads N]

        Explores a fixed set of models (two-phase commit with 7 and 8 resource managers, the
        flag mutex with 9 processes) once single-threaded and once with N threads (default 2),
        R times each (default 3, best time kept), and prints distinct states/s, ns per state,
        bytes per visited state (fingerprint table; the parent link adds 6) and the speed-up.
        Build with -c release; other processes on the machine lower the figures.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "bench", options: ["--repeat", "--threads"], flags: [])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench", expected: "no file") }
        let repeats = try args.positive("--repeat") ?? 3
        let threads = try args.positive("--threads") ?? 2
        console.print("model                      states   1 thread: states/s  ns/state  bytes/state   \(threads) threads: states/s  speed-up")
        bench(TwoPhaseCommit(resourceManagers: 7), label: "two-phase-commit, 7 RMs", repeats, threads, console)
        bench(TwoPhaseCommit(resourceManagers: 8), label: "two-phase-commit, 8 RMs", repeats, threads, console)
        bench(FlagMutex(processes: 9), label: "flag-mutex, 9 processes", repeats, threads, console)
        console.print("(\(ProcessInfo.processInfo.activeProcessorCount) cores; machine load at start: \(loadAverage()))")
        return 0
    }

    static func bench<M: Model>(_ model: M, label: String, _ repeats: Int, _ threads: Int, _ console: Console) {
        func best(_ threads: Int) -> SearchReport<M> {
            var reports: [SearchReport<M>] = []
            for _ in 0..<repeats { reports.append(BreadthFirstSearch(model, options: SearchOptions(threads: threads)).run()) }
            return reports.min { $0.seconds < $1.seconds } ?? reports[0]
        }
        let one = best(1)
        let many = best(threads)
        let n = Double(one.distinctStates)
        let rate1 = n / one.seconds, rateN = n / many.seconds
        console.print(
            label.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%9d   %14.0f  %8.0f  %11.1f   %18.0f  %7.2fx",
                         one.distinctStates, rate1, one.seconds * 1e9 / n, Double(one.visitedBytes) / n,
                         rateN, rateN / rate1))
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
