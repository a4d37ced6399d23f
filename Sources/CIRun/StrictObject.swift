import Explorer

/// A JSON object read strictly: a key it does not know, a missing key or a wrong type is one
/// line naming the file and the JSON path.
struct StrictObject {
    let members: [String: JSONValue]
    let at: String
    let path: String

    init(_ value: JSONValue, at: String, in path: String, keys: Set<String>) throws {
        guard case .object(let members) = value else {
            throw CIError.bad(path, "\(at.isEmpty ? "the document" : at) must be an object")
        }
        if let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) {
            throw CIError.bad(path, "unknown key \"\(Self.join(at, unknown))\"")
        }
        self.members = members
        self.at = at
        self.path = path
    }

    static func join(_ at: String, _ key: String) -> String { at.isEmpty ? key : at + "." + key }

    func value(_ key: String) throws -> JSONValue {
        guard let v = members[key] else { throw CIError.bad(path, "missing key \"\(Self.join(at, key))\"") }
        return v
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func string(_ key: String) throws -> String {
        guard case .string(let s) = try value(key), !s.isEmpty else { throw wrong(key, "a non-empty string") }
        return s
    }

    func int(_ key: String) throws -> Int {
        guard case .int(let n) = try value(key) else { throw wrong(key, "an integer") }
        return n
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let b) = try value(key) else { throw wrong(key, "true or false") }
        return b
    }

    func array(_ key: String) throws -> [JSONValue] {
        guard case .array(let a) = try value(key) else { throw wrong(key, "an array") }
        return a
    }

    func strings(_ key: String) throws -> [String] {
        try array(key).map { item in
            guard case .string(let s) = item else { throw wrong(key, "an array of strings") }
            return s
        }
    }

    func wrong(_ key: String, _ expected: String) -> CIError {
        CIError.bad(path, "\"\(Self.join(at, key))\" must be \(expected)")
    }
}
