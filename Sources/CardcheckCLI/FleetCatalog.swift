import Explorer
import FleetCard
import FleetModel
import Foundation

/// The fleet-card model's entry in the command line's catalog: its expected findings, its
/// stories and its guard table are data here; the commands are the generic ones.
enum FleetCatalog {
    static let name = "fleet-card"

    /// The committed fleet worlds `diagnose LOG` tries with no `--config`, cheapest first: in
    /// the order of the states `check` explores in each (Models/README.md's table), so the small
    /// worlds answer before a large one is searched. Every `Models/fleet-card*.json` is here
    /// (DiagnoseWorldsTests). The catalog entry supplies it (`ServerLog.worlds`).
    static let worlds = [
        "fleet-card-scratch-port", "fleet-card-hidden-dir", "fleet-card-stale-cache", "fleet-card-one-phone",
        "fleet-card-title-seam", "fleet-card-four-sessions", "fleet-card-working-phone", "fleet-card-two-hosts-keep-unfilled",
        "fleet-card-two-hosts", "fleet-card-two-sessions", "fleet-card-faults", "fleet-card-three-phones", "fleet-card-dev-builds",
        "fleet-card-other-writer", "fleet-card-counting-seam", "fleet-card-recreated-card", "fleet-card",
        "fleet-card-restarts", "fleet-card-device-id", "fleet-card-broadcast", "fleet-card-nightly", "fleet-card-nightly-wide",
    ]

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
            worlds: worlds, file: { model, steps in FleetLogWriter(model: model).file(steps) }, format: logFormat, judgeWorlds: worldsJudge))
}
