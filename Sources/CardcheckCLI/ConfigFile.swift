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
        self.path = path
        self.entry = entry
        configuration = .object(members)
    }

    /// The bytes of `path`, or one line saying why not: missing, a directory, unreadable,
    /// empty (`/dev/null`, a FIFO nobody writes to), or too large to be a configuration or trace.
    /// A leading UTF-8 byte-order mark is dropped.
    static func read(_ path: String, allowEmpty: Bool = false) throws -> Data {
        var info = stat()
        if path.isEmpty { throw CommandError.missingFile(path) }
        if stat(path, &info) != 0 { throw statError(path, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CommandError.isDirectory(path) }
        // Non-blocking open: a FIFO with no writer must not wait forever (it reads as empty);
        // reads then block again, so a pipe from a running command is read whole.
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw statError(path, errno) }
        defer { Glibc.close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let limit = 64 << 20
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw errno == EISDIR ? CommandError.isDirectory(path) : CommandError.unreadable(path) }
            if n == 0 { break }
            data.append(contentsOf: buffer[..<n])
        }
        if data.count > limit { throw CommandError.tooLarge(path) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        if data.isEmpty && !allowEmpty { throw CommandError.emptyFile(path) }
        return data
    }

    /// The line for a path that cannot be opened, by `errno`.
    static func statError(_ path: String, _ code: Int32) -> CommandError {
        switch code {
        case EACCES, EPERM: CommandError.unreadable(path)
        case ELOOP: CommandError.symlinkLoop(path)
        case ENOTDIR: CommandError.notADirectoryInPath(path)
        case ENAMETOOLONG: CommandError.nameTooLong(path)
        default: CommandError.missingFile(path)
        }
    }

    /// The model, built; a configuration its model refuses is one line naming the file.
    func open() throws -> RunnableModel {
        try Self.open(entry, configuration, path: path)
    }

    /// A fraction is reported where the decoder met it as a number, so a fraction where a
    /// string or `true`/`false` is expected still says what is expected there.
    /// `root` is where the configuration sits in the file (`$.configuration` in a trace).
    static func open(_ entry: ModelCatalogEntry, _ configuration: JSONValue, path: String, root: String = "$") throws -> RunnableModel {
        let fraction = StrictJSON.firstFraction(in: configuration, path: root)
        let fractionError = fraction.map { CommandError.badConfiguration(path, "\($0.path): expected an integer, got \($0.value)") }
        do {
            let model = try entry.open(configuration)
            if let fractionError { throw fractionError }
            return model
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let fraction, let fractionError,
                [fraction.path, root].contains(jsonPath(context.codingPath, root: root))
            {
                throw fractionError
            }
            throw CommandError.badConfiguration(path, Self.describe(error, root: root))
        } catch let error as CommandError {
            throw error
        } catch let error as StrictJSON.Failure {
            throw CommandError.badConfiguration(path, "\(root)\(error.path.dropFirst()): \(error.problem)")
        } catch {
            throw CommandError.badConfiguration(path, StrictJSON.shortened(String(describing: error)))
        }
    }

    /// One line for a decoding error: the JSON path and what was expected there.
    /// `$.sessions[0].host` for a decoder's coding path.
    static func jsonPath(_ keys: [CodingKey], root: String = "$") -> String {
        root + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\(StrictJSON.shortened($0.stringValue))" }.joined()
    }

    static func describe(_ error: DecodingError, root: String = "$") -> String {
        func path(_ keys: [CodingKey]) -> String { jsonPath(keys, root: root) }
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
