import Explorer
import Foundation

/// The figures of a reference build of cardcheck, recorded on this machine by `cardcheck bench
/// --record` (`Benchmarks/reference.json`): what each row of a later bench is compared with.
///
/// A file the tool wrote earlier is external input: read strictly (every key known and
/// present, integers in range, a model once) and checked against the checksum it was written
/// with, so a hand-edited or damaged figure is refused, not compared with.
public struct BenchReference: Sendable, Equatable {
    /// One bench row of the reference build: its distinct states and single-threaded rate.
    public struct Row: Sendable, Equatable {
        public var model: String
        public var states: Int
        public var statesPerSecond: Int

        public init(model: String, states: Int, statesPerSecond: Int) {
            self.model = model
            self.states = states
            self.statesPerSecond = statesPerSecond
        }
    }

    public static let defaultPath = "Benchmarks/reference.json"
    public static let format = "cardcheck-bench-reference"
    /// The ranges a recorded figure must fall in (states: a 32-bit node id each).
    public static let statesRange = 1...Int(UInt32.max)
    public static let rateRange = 1...1_000_000_000

    /// Which build was measured, and when and how (free text, for the bench's header line).
    public var build: String
    public var measured: String
    public var rows: [Row]

    public init(build: String, measured: String, rows: [Row]) {
        self.build = build
        self.measured = measured
        self.rows = rows
    }

    public func row(_ model: String) -> Row? { rows.first { $0.model == model } }

    /// A fingerprint of everything the file says, as 16 hexadecimal digits.
    public var checksum: String {
        var text = "\(Self.format) 1\n\(build)\n\(measured)\n"
        for row in rows { text += "\(row.model) \(row.states) \(row.statesPerSecond)\n" }
        let value = Fingerprint.of(bytes: Array(text.utf8))
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The file's text: one row a line, the checksum last.
    public var text: String {
        func quoted(_ s: String) -> String {
            String(decoding: (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
        let lines = rows.map {
            "    {\"model\": \(quoted($0.model)), \"states\": \($0.states), \"statesPerSecond\": \($0.statesPerSecond)}"
        }
        return """
            {
              "format": "\(Self.format)",
              "version": 1,
              "build": \(quoted(build)),
              "measured": \(quoted(measured)),
              "rows": [
            \(lines.joined(separator: ",\n"))
              ],
              "checksum": "\(checksum)"
            }

            """
    }

    /// Reads and checks the file; `models` are the row names a bench has.
    public static func load(path: String, models: [String]) throws -> BenchReference {
        guard let data = FileManager.default.contents(atPath: path) else { throw CIError.cannotRead(path) }
        return try parse(data, path: path, models: models)
    }

    public static func parse(_ data: Data, path: String, models: [String]) throws -> BenchReference {
        let root = try CIError.parse(data, path: path)
        let top = try StrictObject(root, at: "", in: path, keys: ["format", "version", "build", "measured", "rows", "checksum"])
        guard try top.string("format") == format else { throw CIError.bad(path, "\"format\" must be \"\(format)\"") }
        guard try top.int("version") == 1 else { throw CIError.bad(path, "\"version\" must be 1") }
        var rows: [Row] = []
        for (i, item) in try top.array("rows").enumerated() {
            let at = "rows[\(i)]"
            let o = try StrictObject(item, at: at, in: path, keys: ["model", "states", "statesPerSecond"])
            let model = try o.string("model")
            guard models.contains(model) else {
                throw CIError.bad(path, "\"\(at).model\" must be one of \(models.joined(separator: ", ")), got \"\(StrictJSON.shortened(model))\"")
            }
            guard !rows.contains(where: { $0.model == model }) else { throw CIError.bad(path, "\(at): \(model) is listed twice") }
            let states = try o.int("states"), rate = try o.int("statesPerSecond")
            guard statesRange.contains(states) else {
                throw o.wrong("states", "an integer from \(statesRange.lowerBound) to \(statesRange.upperBound)")
            }
            guard rateRange.contains(rate) else {
                throw o.wrong("statesPerSecond", "an integer from \(rateRange.lowerBound) to \(rateRange.upperBound)")
            }
            rows.append(Row(model: model, states: states, statesPerSecond: rate))
        }
        for key in ["build", "measured"] where try top.string(key).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw top.wrong(key, "one line of text (no newline or other control character)")
        }
        let reference = BenchReference(build: try top.string("build"), measured: try top.string("measured"), rows: rows)
        let checksum = try top.string("checksum")
        guard checksum == reference.checksum else {
            throw CIError.bad(path, "\"checksum\" is \(StrictJSON.shortened(checksum)), but the figures give \(reference.checksum): edited or damaged since it was recorded (record it again with cardcheck bench --record)")
        }
        return reference
    }
}
