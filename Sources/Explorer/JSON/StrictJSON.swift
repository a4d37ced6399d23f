/// A strict JSON reader for configurations and traces: refuses what Foundation lets through
/// (duplicate keys, trailing commas, integers that overflow) and says where, by JSON path.
public struct StrictJSON {
    /// What is wrong with a document, and where (`$.bounds.depth`, `$.steps[3]`).
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        public let problem: String
        public init(path: String, problem: String) {
            self.path = path
            self.problem = problem
        }
        public var description: String {
            path == "$" ? problem : "\(StrictJSON.shortened(path, limit: 80)): \(problem)"
        }
    }

    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maxDepth = 256

    private let bytes: [UInt8]
    private var i = 0

    /// Parses `data` whole (nothing but white space may follow the value). A leading UTF-8
    /// byte-order mark, which some editors write, is skipped (RFC 8259 allows it).
    public static func parse(_ data: [UInt8]) throws(Failure) -> JSONValue {
        var reader = StrictJSON(bytes: data)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        // UTF-16 and UTF-32 put two or three NULs beside a character in the first four bytes, or
        // start with their BOM; NULs alone there are no text at all.
        let head = data.prefix(4)
        if !head.isEmpty && head.allSatisfy({ $0 == 0 }) {
            throw Failure(path: "$", problem: "NUL bytes at the start (binary data or a zeroed file, not text); a configuration or trace must be UTF-8 JSON")
        }
        if head.filter({ $0 == 0 }).count >= 2 || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw Failure(path: "$", problem: "UTF-16 or UTF-32 text; a configuration or trace must be UTF-8")
        }
        reader.skipSpace()
        guard reader.i < data.count else { throw Failure(path: "$", problem: "empty document") }
        let value = try reader.value(path: "$", depth: 0)
        reader.skipSpace()
        guard reader.i == data.count else { throw reader.fail("$", "unexpected text after the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ path: String, _ problem: String) -> Failure { Failure(path: path, problem: problem) }

    /// The byte at `i` named for a message, with its line and column (1-based), e.g.
    /// "unexpected 'N' at line 3, column 12": a path alone cannot point into a token.
    private func unexpected(_ path: String) -> Failure {
        let before = bytes[..<min(i, bytes.count)]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        let what: String
        if i >= bytes.count {
            what = "end of the document"
        } else if (0x21...0x7E).contains(bytes[i]) {
            what = "'\(Character(Unicode.Scalar(bytes[i])))'"
        } else {
            what = "byte 0x" + String(bytes[i], radix: 16, uppercase: true)
        }
        return fail(path, "unexpected \(what) at line \(line), column \(column)")
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(path: String, depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail(path, "nested more than \(Self.maxDepth) deep") }
        skipSpace()
        guard i < bytes.count else { throw fail(path, "truncated (the document ends here)") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth)
        case UInt8(ascii: "["): return try array(path: path, depth: depth)
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "t"): try literal("true", path); return .bool(true)
        case UInt8(ascii: "f"): try literal("false", path); return .bool(false)
        case UInt8(ascii: "n"): try literal("null", path); return .null
        default: return try number(path: path)
        }
    }

    private mutating func literal(_ word: String, _ path: String) throws(Failure) {
        let w = Array(word.utf8)
        if i + w.count > bytes.count, w.starts(with: bytes[i...]) { throw fail(path, "truncated (the document ends here)") }
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw unexpected(path) }
        i += w.count
    }

    private mutating func object(path: String, depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail(path, "truncated (the document ends here)") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                throw fail(path, bytes[i] == UInt8(ascii: "}") ? "trailing comma" : "expected a quoted key")
            }
            let key = try string(path: path)
            let at = path + "." + Self.shortened(key)
            guard members[key] == nil else { throw fail(at, "duplicate key") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail(at, "expected ':'") }
            i += 1
            members[key] = try value(path: at, depth: depth + 1)
            skipSpace()
            guard i < bytes.count else { throw fail(path, "truncated (the document ends here)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail(at, "expected ',' or '}'")
        }
    }

    private mutating func array(path: String, depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var elements: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw fail(path, "trailing comma") }
            elements.append(try value(path: "\(path)[\(elements.count)]", depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw fail(path, "truncated (the document ends here)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            throw fail("\(path)[\(elements.count - 1)]", "expected ',' or ']'")
        }
    }

    private mutating func string(path: String) throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw fail(path, "a string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                if let simple = JSONEscape.byte(e) {
                    out.append(simple)
                    continue
                }
                switch e {
                case UInt8(ascii: "u"):
                    var scalar = try hex4(path)
                    if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count,
                        bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                    {
                        i += 2
                        let low = try hex4(path)
                        guard (0xDC00..<0xE000).contains(low) else { throw fail(path, "bad \\u escape in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail(path, "bad \\u escape in a string") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail(path, "bad escape in a string")
                }
            case 0..<0x20:
                throw fail(path, "a control character inside a string")
            default:
                out.append(b)
            }
        }
        throw fail(path, "truncated (a string is not closed)")
    }

    private mutating func hex4(_ path: String) throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw fail(path, "bad \\u escape in a string")
        }
        i += 4
        return v
    }

    private mutating func number(path: String) throws(Failure) -> JSONValue {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        guard i > digitsStart else { throw unexpected(path) }
        if bytes[digitsStart] == 0x30 && i - digitsStart > 1 { throw fail(path, "a number with a leading zero") }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            let f = i
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
            guard i > f else { throw unexpected(path) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let e = i
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
            guard i > e else { throw unexpected(path) }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if integral {
            guard let n = Int(text) else { throw fail(path, "integer out of range (more than 64 bits)") }
            return .int(n)
        }
        guard let d = Double(text), d.isFinite else { throw fail(path, "number out of range") }
        return .double(d)
    }

    /// A key or value as it may be echoed in a message: at most `limit` characters, control
    /// characters escaped (`\n`, `\u{0}`), so the message stays one line.
    public static func shortened(_ s: String, limit: Int = 40) -> String {
        let cut = s.count <= limit ? s : String(s.prefix(limit - 3)) + "..."
        return oneLine(cut)
    }

    /// `s` with every control character written as an escape: an error message must stay one
    /// line whatever a file or an argument contains.
    public static func oneLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(u): out += "\\u{\(String(u.value, radix: 16))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    private static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u == "\u{2028}" || u == "\u{2029}"
    }

    /// The path of the first non-integer number in `value`: configurations and trace steps
    /// carry integers only (exact arithmetic; a fraction is never meant), and Foundation's
    /// decoder would report a fraction where an integer is expected as invalid JSON, with no path.
    public static func firstFraction(in value: JSONValue, path: String = "$") -> (path: String, value: Double)? {
        switch value {
        case .double(let d): return (path, d)
        case .array(let elements):
            for (i, e) in elements.enumerated() {
                if let found = firstFraction(in: e, path: "\(path)[\(i)]") { return found }
            }
        case .object(let members):
            for key in members.keys.sorted() {
                if let v = members[key], let found = firstFraction(in: v, path: path + "." + shortened(key)) { return found }
            }
        default: break
        }
        return nil
    }
}
