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
    let open: @Sendable (JSONValue) throws -> any RunnableModel

    /// A model built by `decode` from its configuration (the file's JSON without `"model"`).
    public init<M: Model>(
        name: String, summary: String, decode: @escaping @Sendable (JSONValue) throws -> M,
        bounds: @escaping @Sendable (M) -> SearchBounds = { _ in SearchBounds() }
    ) {
        self.name = name
        self.summary = summary
        open = { configuration in
            let model = try decode(configuration)
            return ModelRunner(model: model, configuration: configuration, bounds: bounds(model))
        }
    }

    /// A model whose configuration is the model value itself, decoded as JSON.
    public init<M: Model & Decodable>(_ type: M.Type, name: String, summary: String) {
        self.init(name: name, summary: summary, decode: { try $0.decode(M.self) })
    }
}

/// A model with its configuration, ready for any command.
protocol RunnableModel {
    func check(_ request: CheckRequest, console: Console) throws -> Int32
    func simulate(_ request: SimulateRequest, console: Console) throws -> Int32
    func replay(_ data: Data, path: String, console: Console) throws -> Int32
}
