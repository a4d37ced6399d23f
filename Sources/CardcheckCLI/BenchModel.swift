import ClassicModels
import Explorer
import FleetModel
import Foundation

/// A model `cardcheck bench` measures, by the name `bench --run` takes.
struct BenchModel: Sendable {
    let name: String
    /// The table's first column.
    let label: String
    /// The configuration a baseline build checks for this row (`bench --baseline`); nil for the
    /// fleet, whose configuration is the bench's `--fleet`.
    let configuration: String?
    /// One search with `threads` threads (the fleet model on the configuration at `fleetPath`,
    /// loaded first), measured in this process.
    let measure: @Sendable (_ threads: Int, _ fleetPath: String) throws -> BenchFigures

    /// The classic models, then the fleet card (`--fleet-only`: the last alone).
    static let all: [BenchModel] = [
        BenchModel(name: "two-phase-commit-7", label: "two-phase-commit, 7 RMs", configuration: "Benchmarks/two-phase-commit-7.json") { t, _ in measured(TwoPhaseCommit(resourceManagers: 7), threads: t) },
        BenchModel(name: "two-phase-commit-8", label: "two-phase-commit, 8 RMs", configuration: "Benchmarks/two-phase-commit-8.json") { t, _ in measured(TwoPhaseCommit(resourceManagers: 8), threads: t) },
        BenchModel(name: "flag-mutex-9", label: "flag-mutex, 9 processes", configuration: "Benchmarks/flag-mutex-9.json") { t, _ in measured(FlagMutex(processes: 9), threads: t) },
        BenchModel(name: "fleet", label: "fleet", configuration: nil) { threads, path in
            let fleet = try FleetConfig.load(path: path)
            return measured(FleetSystem(config: fleet), threads: threads,
                     bounds: SearchOptions(depthBound: fleet.bounds.depth, worldBudget: fleet.bounds.worldBudget))
        },
    ]

    static func named(_ name: String) -> BenchModel? { all.first { $0.name == name } }

    /// Explores `model` once, with the process's peak resident memory reset just before.
    static func measured<M: Model>(_ model: M, threads: Int, bounds: SearchOptions = SearchOptions()) -> BenchFigures {
        var options = bounds
        options.threads = threads
        ResidentMemory.resetPeak()
        let resident = ResidentMemory.current() ?? 0
        let before = cpuSeconds()
        let report = BreadthFirstSearch(model, options: options).run()
        let cpu = cpuSeconds() - before
        let peak = ResidentMemory.peak() ?? 0
        return BenchFigures(
            states: report.distinctStates, seconds: report.seconds, cpu: cpu, visitedBytes: report.visitedBytes,
            peak: peak, growth: max(0, peak - resident))
    }

    /// User and system CPU seconds of the whole process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
