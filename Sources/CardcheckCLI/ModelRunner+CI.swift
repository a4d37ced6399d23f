import CIRun
import Explorer
import Foundation
import SeededRandom

/// What every CI unit of one run shares.
struct CIUnitContext {
    let threads: Int
    /// The run's output directory; stories go under `counterexamples/`.
    let out: String
    /// Where checkpoints go (nil: none), and how often they are written.
    let checkpoint: String?
    let checkpointInterval: Double
    let stop: StopSignal
    /// The run's simulation seed; each simulation derives its own from it and its name.
    let seed: UInt64
    /// The folder the configurations are in.
    let models: String
    let console: Console
    /// Why the run was stopped ("time limit reached", "interrupted (SIGTERM)"), if it was.
    let stopReason: () -> String?
    let baselines = CIBaselineRuns()
    /// Checkpoints and done markers that could not be written (the run ends with exit 4).
    let problems = CIProblems()

    /// A checkpoint not written (the run ends with exit 4), or not resumed from (said, the
    /// search having run afresh).
    func noteCheckpoint<M>(_ report: SearchReport<M>) {
        if let problem = report.checkpointProblem { problems.note(problem) }
        if let refused = report.checkpointRefused { console.error("  \(refused) (not resumed: the search ran afresh)") }
    }

    /// A search's stop reason, naming the signal or limit that interrupted it.
    func reason(_ stop: SearchStopReason) -> String {
        stop == .interrupted ? (stopReason() ?? stop.rawValue) : stop.rawValue
    }
}

extension ModelRunner {
    /// Runs one unit of a CI plan on this model and says what it found, writing each
    /// counterexample's story and trace under the run's output directory.
    func ci(_ unit: CIPlan.Unit, context: CIUnitContext) throws -> JobReport {
        switch unit.kind {
        case .check: return try ciCheck(unit, context: context)
        case .simulate: return try ciSimulate(unit, context: context)
        case .mutant: return try ciMutant(unit, context: context)
        }
    }

    func ciCheck(_ unit: CIPlan.Unit, context: CIUnitContext) throws -> JobReport {
        var options = SearchOptions(
            depthBound: bounds.depth, worldBudget: bounds.worldBudget, threads: context.threads, stop: context.stop,
            memoryLimit: ResidentMemory.defaultLimit)
        if unit.parts > 1, let level = unit.splitLevel {
            options.partition = SearchPartition(part: unit.part, parts: unit.parts, level: level)
        }
        if let directory = context.checkpoint {
            options.checkpoint = SearchCheckpointing(
                path: directory + "/" + CIStories.slug(unit) + ".checkpoint", interval: context.checkpointInterval)
        }
        let search = BreadthFirstSearch(model, options: options)
        if let error = search.checkpointError() { throw CommandError(error.description) }
        if let path = options.checkpoint?.path, FileManager.default.fileExists(atPath: path) {
            context.console.error("  resuming from \(path)")
        }
        let report = search.run()
        context.noteCheckpoint(report)
        return try checkJob(
            report, model: model, unit: unit, exhaustive: Self.covered(report), stopReason: context.reason(report.stopReason),
            out: context.out)
    }

    /// A check unit's search of `model` as a CI job, each violation's story written under `out`.
    func checkJob(
        _ report: SearchReport<M>, model: M, unit: CIPlan.Unit, exhaustive: Bool, stopReason: String, out: String
    ) throws -> JobReport {
        var job = JobReport(
            kind: .check, configuration: unit.configuration, model: model.name, parts: unit.parts,
            partsDone: [unit.part], splitLevel: unit.parts > 1 ? unit.splitLevel : nil, exhaustive: exhaustive,
            stopReason: stopReason, distinctStates: report.distinctStates,
            transitions: report.transitions, depthReached: report.depthReached,
            properties: try properties(report, unit: unit, model: model, out: out))
        job.boundCut = report.boundCut.isEmpty ? nil : report.boundCut
        return job
    }

    /// The verdicts as the CI report has them, each violation's story written.
    func properties(_ report: SearchReport<M>, unit: CIPlan.Unit, model: M, out: String) throws -> [PropertyReport] {
        try report.verdicts.map { v in
            switch v.outcome {
            case .holds: return PropertyReport(name: v.name, kind: v.kind.rawValue, verdict: .holds, steps: v.witness?.steps.count)
            case .unreached: return PropertyReport(name: v.name, kind: v.kind.rawValue, verdict: .unreached)
            case .violated(let trace):
                let story = try write(trace, model: model, unit: unit, out: out)
                return PropertyReport(name: v.name, kind: v.kind.rawValue, verdict: .violated, steps: trace.steps.count, story: story)
            }
        }
    }

    func ciSimulate(_ unit: CIPlan.Unit, context: CIUnitContext) throws -> JobReport {
        let seed = CIStories.seed(context.seed, for: unit)
        let depth = unit.depth ?? 100, walks = unit.walks ?? 1000
        let report = RandomWalk(model, seed: seed, depth: depth, walks: walks, worldBudget: bounds.worldBudget)
            .run(stop: context.stop)
        var properties: [PropertyReport] = []
        for property in model.properties {
            if let found = report.violations.first(where: { $0.property == property.name }) {
                let story = try write(found.trace, model: model, unit: unit, context: context)
                properties.append(PropertyReport(
                    name: property.name, kind: property.kind.rawValue, verdict: .violated, steps: found.trace.steps.count,
                    story: story))
                context.console.print("  reproduce \"\(property.name)\": cardcheck simulate \(CIJobs.path(unit.configuration, models: context.models)) "
                    + "--seed \(found.walkSeed) --depth \(depth) --walks 1")
            } else if property.kind != .sometimes || report.reached.contains(where: { $0.property == property.name && $0.walks > 0 }) {
                // A walk that misses a `sometimes` proves nothing: only reached ones are listed.
                properties.append(PropertyReport(name: property.name, kind: property.kind.rawValue, verdict: .holds))
            }
        }
        let complete = report.walks == walks
        // A random walk proves nothing exhaustively: it says how many walks it ran, from which seed.
        var job = JobReport(
            kind: .simulate, configuration: unit.configuration, model: model.name,
            seed: "0x" + String(seed, radix: 16), exhaustive: false,
            stopReason: complete ? "\(walks) walks of up to \(depth) steps"
                : "\(context.stopReason() ?? "interrupted") after \(report.walks) of \(walks) walks",
            distinctStates: 0, transitions: report.steps, depthReached: depth, properties: properties)
        job.parts = unit.parts
        job.partsDone = [unit.part]
        job.walks = report.walks
        job.walksAsked = walks
        return job
    }

    func ciMutant(_ unit: CIPlan.Unit, context: CIUnitContext) throws -> JobReport {
        guard let m = mutants?(model).first(where: { $0.name == unit.guardName }) else {
            throw CommandError("\(CIJobs.path(unit.configuration, models: context.models)): no guard mutant \"\(unit.guardName ?? "")\"")
        }
        func search(_ model: M, _ role: String) throws -> SearchReport<M> {
            var options = SearchOptions(
                depthBound: boundsOf(model).depth, worldBudget: boundsOf(model).worldBudget,
                threads: context.threads, stop: context.stop, memoryLimit: ResidentMemory.defaultLimit)
            if let directory = context.checkpoint {
                options.checkpoint = SearchCheckpointing(
                    path: directory + "/" + CIStories.slug(unit) + "-" + role + ".checkpoint", interval: context.checkpointInterval)
            }
            let search = BreadthFirstSearch(model, options: options)
            if let error = search.checkpointError() { throw CommandError(error.description) }
            let report = search.run()
            context.noteCheckpoint(report)
            return report
        }
        // Guards sharing bounds share the every-guard-on run, as `cardcheck mutants` does.
        let key = unit.configuration + "|" + (m.override ?? "")
        let baseline = try context.baselines.value(key) as? SearchReport<M> ?? search(m.baseline, "baseline")
        if Self.covered(baseline) { context.baselines.store(key, baseline) }
        let run = try search(m.mutant, "mutant")
        let broken = Set(baseline.verdicts.compactMap { v -> String? in
            if case .violated = v.outcome { v.name } else { nil }
        })
        var properties: [PropertyReport] = []
        for v in run.verdicts {
            guard case .violated(let trace) = v.outcome, !broken.contains(v.name) else { continue }
            let story = try write(trace, model: m.mutant, unit: unit, context: context)
            properties.append(PropertyReport(name: v.name, kind: v.kind.rawValue, verdict: .violated, steps: trace.steps.count, story: story))
        }
        let covered = Self.covered(run) && Self.covered(baseline)
        var job = JobReport(
            kind: .mutant, configuration: unit.configuration, model: model.name, guardName: m.name, exhaustive: covered,
            stopReason: context.reason(covered ? run.stopReason : (Self.covered(run) ? baseline : run).stopReason),
            distinctStates: run.distinctStates, transitions: run.transitions, depthReached: run.depthReached,
            properties: properties)
        // The guard-off run's: a "not killed" there may be a violation the bound hid.
        job.boundCut = run.boundCut.isEmpty ? nil : run.boundCut
        return job
    }

    /// The search covered its bounds: nothing (a limit, a signal) cut it short.
    static func covered(_ report: SearchReport<M>) -> Bool { [.exhausted, .depthBound].contains(report.stopReason) }

    /// Writes `trace` (minimized) as a story and a replayable JSON trace; returns the story's
    /// path relative to the output directory.
    func write(_ trace: Trace<M>, model: M, unit: CIPlan.Unit, context: CIUnitContext) throws -> String {
        try write(trace, model: model, unit: unit, out: context.out)
    }

    /// `write`, under the output directory `out`.
    func write(_ trace: Trace<M>, model: M, unit: CIPlan.Unit, out: String) throws -> String {
        // Search and walk reports hold minimized traces already.
        var trace = trace
        // The file's own text, unless a guard or other bounds made another model of it.
        trace.configuration = unit.guardName == nil && boundsOf(model) == bounds ? configuration : model.configuration
        let relative = CIStories.directory(unit)
        let directory = try OutputDirectory.createAfterRun(out + "/" + relative)
        let property = trace.property ?? "counterexample"
        let stem = story?.stem(property, unit.guardName) ?? String(TraceFiles.fileName(for: property).dropLast(5))
        let title = "\(property) — \(unit.configuration)" + (unit.guardName.map { ", \($0) off" } ?? "")
            + (unit.parts > 1 ? ", part \(unit.part)/\(unit.parts)" : "")
        let text = story.map { $0.markdown(trace, model, title) }
            ?? (["# " + title, ""] + render(trace)).joined(separator: "\n") + "\n"
        try TraceFiles.write(trace, to: directory + "/" + stem + ".json")
        try OutputError.write(Data(text.utf8), to: directory + "/" + stem + ".md")
        return relative + "/" + stem + ".md"
    }
}

/// The every-guard-on runs of one CI run, by configuration and override, shared by its mutants.
final class CIBaselineRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [String: Any] = [:]
    func value(_ key: String) -> Any? { lock.withLock { runs[key] } }
    func store(_ key: String, _ run: Any) { lock.withLock { runs[key] = run } }
}

/// One line per file a CI run could not write that it does not need for its report.
final class CIProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func note(_ line: String) { lock.withLock { lines.append(line) } }
    var first: String? { lock.withLock { lines.first } }
}

/// Names of a CI unit's files.
enum CIStories {
    /// `counterexamples/<configuration>[/<guard>-off][/part-k]`.
    static func directory(_ unit: CIPlan.Unit) -> String {
        var path = CIFiles.counterexamples + "/" + unit.configuration
        if let g = unit.guardName { path += "/\(g)-off" }
        if unit.kind == .simulate { path += "/simulate" }
        if unit.parts > 1 { path += "/part-\(unit.part)" }
        return path
    }

    /// `check-fleet-card-part-2-of-4`, for checkpoint files.
    static func slug(_ unit: CIPlan.Unit) -> String {
        ([unit.kind.rawValue, unit.configuration] + (unit.guardName.map { [$0] } ?? [])
            + (unit.parts > 1 ? ["part-\(unit.part)-of-\(unit.parts)"] : [])).joined(separator: "-")
    }

    /// A simulation's seed: the run's seed mixed with the unit's name, so two simulations of
    /// one run never walk alike.
    static func seed(_ runSeed: UInt64, for unit: CIPlan.Unit) -> UInt64 {
        // A swarm's replicas (parts) each get their own seed; a lone simulation keeps its own.
        let name = JobReport.id(unit.kind, unit.configuration, unit.guardName) + (unit.parts > 1 ? " part \(unit.part)" : "")
        let hash = name.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        var mixer = SplitMix64(seed: runSeed ^ hash)
        return mixer.next()
    }
}
