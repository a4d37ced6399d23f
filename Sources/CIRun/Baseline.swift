import Explorer
import Foundation

/// The accepted findings: properties known to fail on the documented design (or on a published
/// model that is meant to break them), each with why it is accepted and what it waits on.
///
/// One committed file (`Models/accepted-findings.json`) is the only list: `check` judges a
/// configuration's violations against it, and a CI run fails on a violation not in it *and* on
/// an entry whose violation no longer appears (a fixed hole must be acknowledged here).
public struct Baseline: Sendable, Equatable {
    /// One accepted finding of one configuration.
    public struct Entry: Codable, Sendable, Equatable {
        /// The configuration file's stem (`fleet-card-one-phone` for `Models/fleet-card-one-phone.json`).
        public var configuration: String
        public var property: String
        public var reason: String
        /// What would retire the entry: a fix, a spec decision, or nothing (a published model's bug).
        public var waitsOn: String

        public init(configuration: String, property: String, reason: String, waitsOn: String) {
            self.configuration = configuration
            self.property = property
            self.reason = reason
            self.waitsOn = waitsOn
        }
    }

    public static let defaultPath = "Models/accepted-findings.json"
    public static let format = "cardcheck-accepted-findings"

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The entries of the configuration called `stem`, in file order.
    public func accepted(in stem: String) -> [Entry] { entries.filter { $0.configuration == stem } }

    /// The entry for `property` in configuration `stem`, if accepted.
    public func entry(_ stem: String, _ property: String) -> Entry? {
        entries.first { $0.configuration == stem && $0.property == property }
    }

    /// Reads and checks the file: every key known, every field present, no entry twice.
    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw CIError.cannotRead(path) }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws -> Baseline {
        let root = try CIError.parse(data, path: path)
        let top = try StrictObject(root, at: "", in: path, keys: ["format", "version", "findings"])
        guard try top.string("format") == format else {
            throw CIError.bad(path, "\"format\" must be \"\(format)\"")
        }
        guard try top.int("version") == 1 else { throw CIError.bad(path, "\"version\" must be 1") }
        var entries: [Entry] = []
        // Looked up, not searched: a file of 100,000 entries is read in well under a second
        // (a search of the entries before each took minutes, and a signal waited for it).
        var seen = Set<[String]>()
        for (i, item) in try top.array("findings").enumerated() {
            let at = "findings[\(i)]"
            let o = try StrictObject(item, at: at, in: path, keys: ["configuration", "property", "reason", "waitsOn"])
            let entry = Entry(
                configuration: try o.string("configuration"), property: try o.string("property"),
                reason: try o.string("reason"), waitsOn: try o.string("waitsOn"))
            if !seen.insert([entry.configuration, entry.property]).inserted {
                throw CIError.bad(path, "\(at): \(entry.configuration) \"\(entry.property)\" is listed twice")
            }
            entries.append(entry)
        }
        return Baseline(entries: entries)
    }
}
