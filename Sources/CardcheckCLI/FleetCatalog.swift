import Explorer
import FleetCard
import FleetModel
import Foundation

/// The fleet-card model's entry in the command line's catalog: its expected findings, its
/// stories and its guard table are data here; the commands are the generic ones.
enum FleetCatalog {
    static let name = "fleet-card"

    static let entry = ModelCatalogEntry(
        name: name, summary: "the fleet card's two writers (Models/fleet-card.json; see Models/README.md)",
        decode: { FleetSystem(config: try $0.decode(FleetConfig.self)) },
        bounds: { SearchBounds(depth: $0.config.bounds.depth, worldBudget: $0.config.bounds.worldBudget) },
        rebound: { model, bounds in
            var config = model.config
            if let d = bounds.depth { config.bounds.depth = d }
            if let b = bounds.worldBudget { config.bounds.worldBudget = b }
            return FleetSystem(config: config)
        },
        ranges: BoundRanges(depth: FleetConfig.depthRange, worldBudget: FleetConfig.worldBudgetRange),
        header: { model in
            let off = model.config.guards.switchedOff
            return [
                "fleet-card: \(StrictJSON.shortened(model.config.description, limit: 200))",
                "guards off: \(off.isEmpty ? "none" : off.joined(separator: ", "))",
            ]
        },
        expectedFindings: { model in
            model.config.expectedFindings.map { ExpectedFinding(property: $0.property, reason: $0.reason) }
        },
        render: { trace in
            guard let model = try? FleetSystem(configuration: trace.configuration) else {
                return trace.numberedSteps(indent: 15)
            }
            return FleetStory(model: model, steps: trace.steps, property: trace.property ?? "").markdown()
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        },
        story: StoryWriter(
            stem: { FleetCounterexamples.stem($0, guardOff: $1) },
            markdown: { trace, model, title in
                FleetStory(model: model, steps: trace.steps, property: trace.property ?? "").markdown(title: title)
            }),
        mutants: { model in
            Guards.names.map { name in
                let override = model.config.mutantOverrides[name]
                var base = model.config.patched(override)
                base.guards = .all
                base.expectedFindings = []
                var mutant = base
                mutant.guards = Guards.allBut(name) ?? .all
                mutant.description = FleetMutants.describe(model.config.description, guardOff: name, override: override)
                let system = FleetSystem(config: mutant)
                return GuardMutant(
                    name: name, mutant: system, baseline: FleetSystem(config: base),
                    override: override?.reason, specClass: FleetMutants.specClass[name],
                    specShape: { FleetMutants.shapeMissing(name, model: system, steps: $0.steps) })
            }
        },
        countsTotalOnly: true,
        propertyClass: { FleetSystem.propertyClass($0) },
        serverLog: ServerLog(
            file: { model, steps in FleetLogWriter(model: model).file(steps) },
            diagnose: { model, bytes, path, request, stop, reason in
                let log: FleetLog
                do {
                    log = try FleetLogFile.read(bytes, strict: request.strict)
                } catch let error as FleetLogFile.Failure {
                    throw ServerLogError(error.message(path))
                }
                var options = FleetDiagnosis.Options()
                // A behaviour of the configuration may spend its whole world budget in one gap.
                options.gapWorldBudget = max(options.gapWorldBudget, model.config.bounds.worldBudget)
                if let n = request.gapSteps { options.gapSteps = n }
                if let n = request.gapBudget { options.gapWorldBudget = n }
                if let n = request.maxStates { options.maxStates = n }
                options.reuseRuns = !request.noReuse
                options.window = !request.fromStart
                options.windowWorldBudget = model.config.bounds.worldBudget
                if let kinds = request.events {
                    for k in kinds where !FleetFileLogEvent.kinds.contains(k) {
                        throw ServerLogError("--events: unknown event kind '\(StrictJSON.shortened(k))' (one of: \(FleetFileLogEvent.kinds.joined(separator: ", ")))")
                    }
                    // A line of a kind the build is said not to write contradicts --events.
                    if let line = log.lines.first(where: { !kinds.contains($0.event.kind) }) {
                        throw ServerLogError("\(path): line \(line.number): $.event: \"\(line.event.kind)\" is not among the kinds --events says the build wrote")
                    }
                    options.events = Set(kinds)
                }
                if let name = request.breaking {
                    let known = FleetDiagnosisReport.breakable(model)
                    if FleetDiagnosisReport.goals(model).contains(name) {
                        throw ServerLogError("--breaking: '\(StrictJSON.shortened(name))' is a reachability goal: it is reached, not broken, so it cannot be asked (one of: \(known.joined(separator: ", ")))")
                    }
                    guard known.contains(name) else { throw ServerLogError(CommandError.unknownProperty(name, known: known).description) }
                    options.breaking = name
                }
                let progress = request.report.map { say in
                    { (line: Int, candidates: Int) in say("progress: line \(line + 1) of \(log.lines.count), \(candidates) candidate state(s)") }
                }
                // A search that stays on few lines still says it is alive, once a second.
                let clock = ContinuousClock()
                var last = clock.now
                let heartbeat = request.report.map { say in
                    { (line: Int, candidates: Int) in
                        let now = clock.now
                        guard now - last >= .seconds(1) else { return }
                        last = now
                        say("progress: searching at line \(line + 1) of \(log.lines.count), \(candidates) search state(s)")
                    }
                }
                let report = FleetDiagnosisReport.make(
                    model, log, path: path, options: options, stop: stop, reason: reason, progress: progress, heartbeat: heartbeat)
                switch report.verdict {
                case .consistent: return (report.lines, .consistent)
                case .inconsistent, .pieces, .noEvidence: return (report.lines, .inconsistent)
                case .cutShort: return (report.lines, .cutShort)
                case .unbroken: return (report.lines, .unbroken)
                }
            }))
}
