import Explorer
import FleetModel

/// The fleet-card model's entry in the command line's catalog (`replay`, `simulate`; `check`
/// and `mutants` go through `FleetCommands` for the expected findings).
enum FleetCatalog {
    static let name = "fleet-card"

    static let entry = ModelCatalogEntry(
        name: name, summary: "the fleet card's two writers (Models/fleet-card.json; see Models/README.md)",
        decode: { FleetSystem(config: try $0.decode(FleetConfig.self)) },
        bounds: { SearchBounds(depth: $0.config.bounds.depth, worldBudget: $0.config.bounds.worldBudget) },
        render: { trace in
            guard let model = try? FleetSystem(configuration: trace.configuration) else {
                return trace.numberedSteps(indent: 15)
            }
            return FleetStory(model: model, steps: trace.steps, property: trace.property ?? "").markdown()
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        })
}
