import CIRun
import Foundation

/// The model side of the CI commands: configurations by stem, their guards, the baseline.
enum CIJobs {
    /// `<models>/<stem>.json` (default folder: `Models`).
    static func path(_ stem: String, models: String = "Models") -> String { "\(models)/\(stem).json" }

    static func loadBaseline(_ path: String?) throws -> Baseline {
        do {
            return try Baseline.load(path: path ?? Baseline.defaultPath)
        } catch let error as CIError {
            throw CommandError(error.description)
        }
    }

    /// The guard names of the configuration `stem`'s mutants, from its catalog entry.
    static func guardNames(_ stem: String, models: String = "Models") throws -> [String] {
        try ConfigFile(path: path(stem, models: models)).open().guardNames()
    }
}

extension CIJobs {
    /// A unit an interrupted run never started: reported, not exhaustive, so the run fails.
    static func notRun(_ unit: CIPlan.Unit, model: String, reason: String) -> JobReport {
        JobReport(
            kind: unit.kind, configuration: unit.configuration, model: model, guardName: unit.guardName,
            parts: unit.parts, partsDone: [unit.part], splitLevel: unit.parts > 1 ? unit.splitLevel : nil,
            exhaustive: false, stopReason: "not run (\(reason))", distinctStates: 0, transitions: 0,
            depthReached: 0, properties: [])
    }

    /// Fresh entropy for a nightly run's simulations (printed in the report, so `--seed` replays it).
    static func freshSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}

extension CIJobs {
    /// The accepted findings of the configuration at `path`, from `accepted-findings.json` in
    /// its folder (the one list `check`, `pr` and `nightly` judge against); nil when the folder
    /// has none.
    static func accepted(forConfiguration path: String) throws -> [ExpectedFinding]? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let baselinePath = (path.contains("/") ? folder + "/" : "") + "accepted-findings.json"
        guard FileManager.default.fileExists(atPath: baselinePath) else { return nil }
        let stem = url.deletingPathExtension().lastPathComponent
        return try loadBaseline(baselinePath).accepted(in: stem).map { ExpectedFinding(property: $0.property, reason: $0.reason) }
    }
}

extension CIJobs {
    /// `<checkpoint dir>/<unit>.done.json`: a unit's result, once it finished.
    static func donePath(_ unit: CIPlan.Unit, in directory: String) -> String {
        directory + "/" + CIStories.slug(unit) + ".done.json"
    }

    /// The result a previous run of this shard wrote for `unit`, if any.
    static func finished(_ unit: CIPlan.Unit, in directory: String?) -> JobReport? {
        guard let directory, let data = FileManager.default.contents(atPath: donePath(unit, in: directory)) else { return nil }
        return try? JSONDecoder().decode(JobReport.self, from: data)
    }

    /// Records `job` as `unit`'s result (best effort: without it the unit only runs again).
    static func keep(_ job: JobReport, of unit: CIPlan.Unit, in directory: String?) {
        guard let directory, let data = try? JSONEncoder().encode(job) else { return }
        try? data.write(to: URL(fileURLWithPath: donePath(unit, in: directory)), options: .atomic)
    }
}

extension CIJobs {
    /// Runs `unit` on its configuration's model; a mutant unit with further worlds is tried in
    /// each in turn until one kills the guard (or a run is cut short), and is reported under the
    /// unit's own configuration, naming the world that decided it.
    static func mutantAcrossWorlds(
        _ unit: CIPlan.Unit, worlds: [RunnableModel], first: RunnableModel?, _ context: CIUnitContext
    ) throws -> JobReport {
        guard let first else { throw CommandError("\(unit.configuration): not opened") }
        guard let names = unit.worlds, !names.isEmpty else { return try first.ci(unit, context) }
        var job = try first.ci(unit, context)
        var world = unit.configuration
        for (name, model) in zip(names, worlds) where job.violated.isEmpty && job.exhaustive && !context.stop.isRaised {
            var next = unit
            next.configuration = name
            next.worlds = nil
            job = try model.ci(next, context)
            world = name
        }
        job.configuration = unit.configuration
        job.id = JobReport.id(unit.kind, unit.configuration, unit.guardName)
        job.world = world
        return job
    }
}
