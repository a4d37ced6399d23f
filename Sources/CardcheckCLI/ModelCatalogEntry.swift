import CIRun
import Explorer
import Foundation

/// Search bounds a configuration carries for its model (command-line flags override them).
public struct SearchBounds: Sendable {
    public var depth: Int?
    public var worldBudget: Int?
    public init(depth: Int? = nil, worldBudget: Int? = nil) {
        self.depth = depth
        self.worldBudget = worldBudget
    }
}

/// One model the command line can run: how to build it from its configuration, and the
/// bounds that configuration asks for. The commands themselves are generic (`ModelRunner`).
public struct ModelCatalogEntry: Sendable {
    public let name: String
    public let summary: String
    let open: @Sendable (JSONValue) throws -> RunnableModel

    /// A model built by `decode` from its configuration (the file's JSON without `"model"`),
    /// searched to the bounds it carries unless flags override them. For example:
    ///
    ///     ModelCatalogEntry(
    ///         name: "fleet-card", summary: "the fleet card's two writers",
    ///         decode: { FleetSystem(config: try $0.decode(FleetConfig.self)) },
    ///         bounds: { SearchBounds(depth: $0.config.bounds.depth, worldBudget: $0.config.bounds.worldBudget) })
    ///
    /// `name` must be the model's `name`: traces are matched to entries by it. `render` writes a
    /// counterexample for `check`, `simulate` and `replay` (default: its numbered steps).
    public init<M: Model>(
        name: String, summary: String, decode: @escaping @Sendable (JSONValue) throws -> M,
        bounds: @escaping @Sendable (M) -> SearchBounds = { _ in SearchBounds() },
        render: @escaping @Sendable (Trace<M>) -> [String] = { $0.numberedSteps(indent: 15) }
    ) {
        self.name = name
        self.summary = summary
        // Closures, not an existential of the generic runner: built here, where M is concrete,
        // they call the search specialized for M (through a protocol witness it would not be).
        open = { configuration in
            let model = try decode(configuration)
            let runner = ModelRunner(model: model, configuration: configuration, bounds: bounds(model), render: render)
            return RunnableModel(check: runner.check, simulate: runner.simulate, replay: runner.replay, guardNames: [], ci: runner.ci)
        }
    }

    /// A model whose configuration is the model value itself, decoded as JSON.
    public init<M: Model & Decodable>(_ type: M.Type, name: String, summary: String) {
        self.init(name: name, summary: summary, decode: { try $0.decode(M.self) })
    }
}

/// A model with its configuration, ready for any command.
struct RunnableModel {
    let check: (_ request: CheckRequest, _ console: Console) throws -> Int32
    let simulate: (_ request: SimulateRequest, _ console: Console) throws -> Int32
    let replay: (_ data: Data, _ path: String, _ console: Console) throws -> Int32
    /// The guards `mutants` switches off, in order (empty: none).
    let guardNames: [String]
    /// Runs one unit of a CI plan (`cardcheck pr`, `cardcheck nightly`).
    let ci: (_ unit: CIPlan.Unit, _ context: CIUnitContext) throws -> JobReport
}
