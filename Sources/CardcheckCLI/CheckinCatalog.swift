import CheckinModel
import Explorer
import Widgets

/// The check-in delivery model's entry in the command line's catalog: its expected findings,
/// its stories and its guard mutants are data here; the commands are the generic ones.
enum CheckinCatalog {
    static let name = "checkin"

    static let entry = ModelCatalogEntry(
        name: name, summary: "widget check-in delivery (Models/checkin.json; see Models/README.md)",
        decode: { CheckinSystem(config: try $0.decode(CheckinConfig.self)) },
        bounds: { SearchBounds(depth: $0.config.depth, worldBudget: $0.config.worldBudget) },
        rebound: { model, bounds in
            var config = model.config
            if let d = bounds.depth { config.depth = d }
            if let b = bounds.worldBudget { config.worldBudget = b }
            return CheckinSystem(config: config)
        },
        ranges: BoundRanges(depth: CheckinConfig.depthRange, worldBudget: CheckinConfig.budgetRange),
        header: { model in
            let off = model.config.guardsOff
            return [
                "checkin: \(StrictJSON.shortened(model.config.description))",
                "run: \(model.config.summary)",
                "guards off: \(off.isEmpty ? "none" : off.joined(separator: ", "))",
            ]
        },
        expectedFindings: { model in
            model.config.expectedFindings.map { ExpectedFinding(property: $0.property, reason: $0.reason) }
        },
        render: { trace in
            guard let model = try? CheckinSystem(configuration: trace.configuration) else {
                return trace.numberedSteps(indent: 15)
            }
            return CheckinCounterexamples.story(trace, model: model)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        },
        story: StoryWriter(
            stem: { CheckinCounterexamples.stem($0, guardOff: $1) },
            markdown: { trace, model, title in CheckinCounterexamples.story(trace, model: model, title: title) }),
        mutants: { model in
            CheckinGuard.allCases.map { g in
                let (mutant, baseline) = model.config.mutant(g)
                return GuardMutant(
                    name: g.rawValue, mutant: CheckinSystem(config: mutant), baseline: CheckinSystem(config: baseline),
                    override: model.config.mutantOverrides[g.rawValue]?.reason)
            }
        })
}
