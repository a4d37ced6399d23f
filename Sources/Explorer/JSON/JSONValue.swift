import Foundation

/// A JSON document held as a value: how a model's configuration and a trace's recorded states
/// travel in trace files without the engine knowing their types.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON form of any encodable value: what `JSONDecoder` reads from `JSONEncoder`'s text
    /// (built without the text when `JSONValueEncoder` can, else read directly when `EncodedJSON`
    /// can, which is what a model's state gives).
    public init(encoding value: some Encodable) throws {
        if let direct = try? JSONValueEncoder.encode(value) {
            self = direct
            return
        }
        let data = try JSONEncoder().encode(value)
        if let read = data.withUnsafeBytes({ EncodedJSON.read($0) }) {
            self = read
        } else {
            self = try JSONDecoder().decode(JSONValue.self, from: data)
        }
    }

    /// Parses a JSON document strictly (`StrictJSON`): duplicate keys, trailing commas and
    /// overflowing integers are refused with the JSON path where they occur.
    public init(parsing data: Data) throws(StrictJSON.Failure) {
        self = try StrictJSON.parse([UInt8](data))
    }

    /// Decodes this document as a `T`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: data())
    }

    /// The canonical text (sorted keys), the same bytes for the same value on every run.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The member `key` of an object, nil otherwise.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
