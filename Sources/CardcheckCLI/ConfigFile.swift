import Explorer
import Foundation

/// A model configuration file: JSON with a `"model"` key naming a catalog entry; the rest is
/// the model's own configuration.
struct ConfigFile {
    let path: String
    let entry: ModelCatalogEntry
    /// The file's JSON without the `"model"` key.
    let configuration: JSONValue

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandError.missingFile(path) }
        guard case .object(var members)? = try? JSONValue(parsing: data) else { throw CommandError.notJSON(path) }
        guard case .string(let name)? = members.removeValue(forKey: "model") else {
            throw CommandError.noModelKey(path)
        }
        guard let entry = ModelCatalog.entry(name) else { throw CommandError.unknownModel(path, name) }
        self.path = path
        self.entry = entry
        configuration = .object(members)
    }

    /// The model, built; a configuration its model refuses is one line naming the file.
    func open() throws -> RunnableModel {
        try Self.open(entry, configuration, path: path)
    }

    static func open(_ entry: ModelCatalogEntry, _ configuration: JSONValue, path: String) throws -> RunnableModel {
        do {
            return try entry.open(configuration)
        } catch let error as DecodingError {
            throw CommandError.badConfiguration(path, Self.describe(error))
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.badConfiguration(path, String(describing: error))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            return (at.isEmpty ? "" : "\"\(at)\": ") + context.debugDescription
        @unknown default:
            return "does not decode"
        }
    }
}
