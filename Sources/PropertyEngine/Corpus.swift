import Foundation

/// A committed regression corpus: minimized failing inputs stored as values (JSON through
/// `Codable`), one file per property, replayed before any new case.
///
/// Layout: `Tests/Corpus/<suite>/<property-slug>.json`, e.g. the property "no three numbers
/// sum past 100" of suite `PropertyTesting` lives in
/// `Tests/Corpus/PropertyTesting/no-three-numbers-sum-past-100.json`:
///
///     { "property" : "no three numbers sum past 100",
///       "entries" : [ { "value" : [0, 1, 100] },
///                     { "value" : [5, 5, 99], "expectedFailure" : "finding: spec allows it (§ Budgets)" } ] }
///
/// An entry without `expectedFailure` must pass (a fixed bug stays fixed). An entry with it is
/// a documented finding: the run reports "known finding still fails" and fails only if the
/// entry starts passing.
public struct Corpus: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `<package root>/Tests/Corpus/<suite>`, the package root found by walking up from the
    /// calling test file to the directory holding `Package.swift`.
    public static func tests(suite: String, filePath: String = #filePath) -> Corpus {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { break }
            directory.deleteLastPathComponent()
        }
        return Corpus(directory: directory.appendingPathComponent("Tests/Corpus").appendingPathComponent(suite))
    }

    /// The file holding `property`'s entries.
    public func file(for property: String) -> URL {
        directory.appendingPathComponent(Self.slug(property) + ".json")
    }

    /// Lowercase letters and digits, every other run of characters one hyphen.
    static func slug(_ name: String) -> String {
        var slug = "", pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "property" : slug
    }

    /// The file's path from `Tests/` on, for reports.
    func displayPath(for property: String) -> String {
        let path = file(for: property).path
        guard let range = path.range(of: "/Tests/") else { return path }
        return String(path[path.index(after: range.lowerBound)...])
    }

    /// The entries stored for `property`; none when the file does not exist.
    public func entries<Value: Codable>(for property: String, as type: Value.Type = Value.self) throws -> [CorpusEntry<Value>] {
        let url = file(for: property)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            return try JSONDecoder().decode(CorpusFile<Value>.self, from: Data(contentsOf: url)).entries
        } catch {
            throw CorpusError(message: HarnessMessage.corpusUnreadable(displayPath(for: property), Self.oneLine(error)))
        }
    }

    /// Appends `value` as a regression entry for `property`, writing the file atomically.
    public func append<Value: Codable>(_ value: Value, for property: String, expectedFailure: String? = nil) throws {
        var stored = CorpusFile(property: property, entries: try entries(for: property, as: Value.self))
        stored.entries.append(CorpusEntry(value: value, expectedFailure: expectedFailure))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try encoder.encode(stored).write(to: file(for: property), options: .atomic)
    }

    package func access<Value: Codable>(for property: String) -> CorpusAccess<Value> {
        CorpusAccess(
            file: displayPath(for: property),
            load: {
                try entries(for: property, as: Value.self).map { .init(value: $0.value, expectedFailure: $0.expectedFailure) }
            },
            record: { value in
                do {
                    try append(value, for: property)
                    return HarnessMessage.corpusRecorded(displayPath(for: property))
                } catch {
                    return Self.oneLine(error)
                }
            })
    }

    private static func oneLine(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
             DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        default:
            return "\(error)".replacingOccurrences(of: "\n", with: " ")
        }
    }
}

/// One stored input; `expectedFailure` (why it fails, e.g. a finding on the documented design)
/// makes it a known finding instead of a regression.
public struct CorpusEntry<Value: Codable>: Codable {
    public var value: Value
    public var expectedFailure: String?

    public init(value: Value, expectedFailure: String? = nil) {
        self.value = value
        self.expectedFailure = expectedFailure
    }
}

/// A corpus file's contents.
struct CorpusFile<Value: Codable>: Codable {
    var property: String
    var entries: [CorpusEntry<Value>]
}

/// A corpus file that cannot be read: one line naming the file and the problem.
public struct CorpusError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// A corpus seen from the runner, which knows nothing of `Codable`.
package struct CorpusAccess<Value> {
    let file: String
    let load: () throws -> [PropertyRunner<Value>.ReplayEntry]
    let record: (Value) -> String
}
