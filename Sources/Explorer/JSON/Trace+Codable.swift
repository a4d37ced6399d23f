import Foundation

extension Trace: Codable {
    enum CodingKeys: String, CodingKey {
        case format, model, configuration, seed, property, initialState, steps, states, minimization
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let format = try c.decode(Int.self, forKey: .format)
        guard format <= Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: c,
                debugDescription: TraceHeader.newerFormat(format))
        }
        self.init(
            modelName: try c.decode(String.self, forKey: .model),
            configuration: try c.decode(JSONValue.self, forKey: .configuration),
            seed: try c.decodeIfPresent(UInt64.self, forKey: .seed),
            property: try c.decodeIfPresent(String.self, forKey: .property),
            initialState: try c.decode(Int.self, forKey: .initialState),
            steps: try c.decode([M.Action].self, forKey: .steps),
            states: try c.decodeIfPresent([JSONValue].self, forKey: .states) ?? [],
            minimization: try c.decodeIfPresent(Minimization.self, forKey: .minimization) ?? .none)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatVersion, forKey: .format)
        try c.encode(modelName, forKey: .model)
        try c.encode(configuration, forKey: .configuration)
        try c.encodeIfPresent(seed, forKey: .seed)
        try c.encodeIfPresent(property, forKey: .property)
        try c.encode(initialState, forKey: .initialState)
        try c.encode(steps, forKey: .steps)
        try c.encode(states, forKey: .states)
        try c.encode(minimization, forKey: .minimization)
    }

    /// The trace as pretty JSON with sorted keys: the same bytes for the same trace.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Reads a trace file's bytes for `model`, refusing other models and newer formats with
    /// one line saying so (`TraceFileError`).
    public static func load(_ data: Data, for model: M) throws -> Trace {
        let header = try TraceHeader.read(data)
        guard header.model == model.name else {
            throw TraceFileError(TraceHeader.otherModel(header.model, expected: model.name))
        }
        let trace: Trace
        do {
            trace = try JSONDecoder().decode(Trace.self, from: data)
        } catch let error as DecodingError {
            throw TraceFileError(TraceHeader.describe(error, model: model.name))
        }
        let initials = model.initialStates().count
        guard (0..<initials).contains(trace.initialState) else {
            throw TraceFileError(
                "$.initialState: index \(trace.initialState) out of range: the model has \(initials) initial state\(initials == 1 ? "" : "s") (0...\(initials - 1))")
        }
        for (i, step) in trace.steps.enumerated() {
            if let why = model.actorOutOfRange(step) { throw TraceFileError("$.steps[\(i)]: \(why)") }
        }
        return trace
    }
}

/// A trace file that cannot be used, with the one line to print.
public struct TraceFileError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The first two things read from a trace file: its format and which model it belongs to.
public struct TraceHeader: Decodable, Sendable {
    public let format: Int
    public let model: String

    static let notJSON = "is not a trace: not valid JSON (truncated?)"
    static func newerFormat(_ n: Int) -> String {
        "trace format \(n) is newer than this cardcheck reads (\(currentFormat))"
    }
    static func otherModel(_ found: String, expected: String) -> String {
        "trace is of model \"\(found)\", not \"\(expected)\""
    }

    /// Reads the header, or throws a `TraceFileError` naming what is wrong.
    public static func read(_ data: Data) throws -> TraceHeader {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw TraceFileError("is not a trace: " + error.description)
        }
        guard case .object(let members) = json else { throw TraceFileError("is not a trace: not a JSON object") }
        let known = Set(["format", "model", "configuration", "seed", "property", "initialState", "steps", "states", "minimization"])
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw TraceFileError("$.\(StrictJSON.shortened(unknown)): unknown key in a trace")
        }
        guard case .int(let format)? = json["format"] else {
            throw TraceFileError("is not a trace: no integer \"format\" field")
        }
        guard case .string(let model)? = json["model"] else {
            throw TraceFileError("is not a trace: no \"model\" field")
        }
        guard format >= 1 else { throw TraceFileError("$.format: must be 1 or more, got \(format)") }
        guard format <= currentFormat else { throw TraceFileError(newerFormat(format)) }
        return TraceHeader(format: format, model: model)
    }

    static func describe(_ error: DecodingError, model: String) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "$.\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = path(context.codingPath)
            let top = context.codingPath.first?.stringValue
            switch top {
            case "steps" where context.codingPath.count > 1: return "$.\(at): not a \(model) action"
            case "states" where context.codingPath.count > 1: return "$.\(at): not a \(model) state"
            case "steps", "states": return "$.\(at): expected an array"
            case "initialState": return "$.initialState: expected an integer (the index of an initial state)"
            case "seed": return "$.seed: expected an integer from 0 to 18446744073709551615"
            case "property": return "$.property: expected a string"
            case "minimization": return "$.minimization: expected one of: \(Minimization.allNames)"
            case nil: return "not a \(model) trace"
            default: return "$.\(at): not a valid \(model) value"
            }
        @unknown default:
            return "trace does not decode"
        }
    }

    static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    static let currentFormat = 1
}
