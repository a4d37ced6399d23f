import Explorer
import Foundation

/// The part of JSON Schema (2020-12) the report's schema uses: type, const, enum, required,
/// properties, additionalProperties: false, items, minimum, pattern and local $ref. Returns
/// the first violation's JSON path, or nil when the document conforms.
struct SchemaValidator {
    let root: JSONValue

    init(path: String) throws {
        root = try JSONValue(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func violation(in data: Data) throws -> String? {
        check(try JSONValue(parsing: data), against: root, at: "$")
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard case .string(let ref)? = schema["$ref"], ref.hasPrefix("#/$defs/"),
            let target = root["$defs"]?[String(ref.dropFirst(8))]
        else { return schema }
        return target
    }

    private func check(_ value: JSONValue, against raw: JSONValue, at path: String) -> String? {
        let schema = resolve(raw)
        if let c = schema["const"], c != value { return "\(path): not \(c)" }
        if case .array(let options)? = schema["enum"], !options.contains(value) { return "\(path): \(value) not in the enum" }
        if case .string(let type)? = schema["type"], !has(type: type, value) { return "\(path): not a \(type)" }
        if case .int(let minimum)? = schema["minimum"], case .int(let n) = value, n < minimum { return "\(path): below \(minimum)" }
        if case .string(let pattern)? = schema["pattern"], case .string(let s) = value {
            let regex = try? NSRegularExpression(pattern: pattern)
            if regex?.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil { return "\(path): does not match \(pattern)" }
        }
        if case .object(let object) = value {
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where object[key] == nil { return "\(path): missing \(key)" }
            }
            for key in object.keys.sorted() {
                if let sub = schema["properties"]?[key] {
                    if let v = check(object[key] ?? .null, against: sub, at: "\(path).\(key)") { return v }
                } else if schema["additionalProperties"] == .bool(false) {
                    return "\(path): unexpected key \(key)"
                }
            }
        }
        if case .array(let array) = value, let items = schema["items"] {
            for (i, item) in array.enumerated() {
                if let v = check(item, against: items, at: "\(path)[\(i)]") { return v }
            }
        }
        return nil
    }

    private func has(type: String, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("integer", .int): true
        case ("object", _), ("array", _), ("string", _), ("boolean", _), ("integer", _): false
        default: true
        }
    }
}
