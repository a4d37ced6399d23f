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
        let data = try Self.read(path)
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw CommandError.notJSON(path, error.description)
        }
        guard case .object(var members) = json else { throw CommandError.notObject(path) }
        guard let model = members.removeValue(forKey: "model") else { throw CommandError.noModelKey(path) }
        guard case .string(let name) = model else { throw CommandError.badConfiguration(path, "$.model: expected a string") }
        guard let entry = ModelCatalog.entry(name) else { throw CommandError.unknownModel(path, name) }
        if let found = StrictJSON.firstFraction(in: .object(members)) {
            throw CommandError.badConfiguration(path, "\(found.path): expected an integer, got \(found.value)")
        }
        self.path = path
        self.entry = entry
        configuration = .object(members)
    }

    /// The bytes of `path`, or one line saying why not: missing, a directory, unreadable,
    /// empty (`/dev/null`), or too large to be a configuration or trace.
    static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError.missingFile(path)
        }
        if isDirectory.boolValue { throw CommandError.isDirectory(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandError.unreadable(path) }
        defer { try? handle.close() }
        let limit = 64 << 20
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw CommandError.unreadable(path)
        }
        if data.count > limit { throw CommandError.tooLarge(path) }
        if data.isEmpty { throw CommandError.emptyFile(path) }
        return data
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
            throw CommandError.badConfiguration(path, StrictJSON.shortened(String(describing: error)))
        }
    }

    /// One line for a decoding error: the JSON path and what was expected there.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\(StrictJSON.shortened($0.stringValue))" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)), got null"
        case .dataCorrupted(let context):
            let text = context.debugDescription
            if text.contains("does not fit") || text.contains("Parsed JSON number") {
                return "\(path(context.codingPath)): expected an integer"
            }
            if text.hasPrefix("Cannot initialize") {
                return "\(path(context.codingPath)): not one of the allowed values"
            }
            return "\(path(context.codingPath)): \(StrictJSON.shortened(text, limit: 160))"
        @unknown default:
            return "does not decode"
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Int.Type, is UInt64.Type, is UInt8.Type, is Int32.Type: "an integer"
        case is String.Type: "a string"
        case is Double.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") ? "an array"
                : String(describing: type).hasPrefix("Dictionary") ? "an object" : "an object (\(String(describing: type)))"
        }
    }
}
