import Explorer
import Foundation

/// Saving traces: one JSON file per violated property, written whole or not at all.
enum TraceFiles {
    /// "big is not the target" → "big-is-not-the-target.json".
    static func fileName(for property: String) -> String {
        let slug = property.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(slug).split(separator: "-").joined(separator: "-") + ".json"
    }

    /// Writes each trace to `directory`/<property>.json and says where, with the replay line.
    static func save<M: Model>(_ traces: [Trace<M>], configuration: JSONValue, in directory: String, console: Console) throws {
        for var trace in traces {
            trace.configuration = configuration
            let path = directory + "/" + fileName(for: trace.property ?? "trace")
            try write(trace, to: path)
            console.print("saved \(path) (replay: cardcheck replay \(path))")
        }
    }

    static func write<M: Model>(_ trace: Trace<M>, to path: String) throws {
        let data: Data
        do { data = try trace.jsonData() } catch { throw OutputError.cannotWrite(path) }
        try OutputError.write(data, to: path)
    }
}
