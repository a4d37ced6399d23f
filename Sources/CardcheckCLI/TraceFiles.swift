import Explorer
import Foundation

/// Saving traces: one JSON file per violated property, written whole or not at all.
enum TraceFiles {
    /// "big is not the target" → "big-is-not-the-target.json".
    static func fileName(for property: String) -> String {
        let slug = property.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(slug).split(separator: "-").joined(separator: "-") + ".json"
    }

    static func write<M: Model>(_ trace: Trace<M>, to path: String) throws {
        do {
            try trace.jsonData().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError.cannotWrite(path)
        }
    }
}
