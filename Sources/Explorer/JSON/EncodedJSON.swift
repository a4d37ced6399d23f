/// Reads the text `JSONEncoder` wrote into the `JSONValue` that `JSONDecoder` would give, in one
/// pass. The decoder finds each value's case by trying Bool, Int, Double, String and array in
/// turn, and every failed try builds an error with its coding path: about 3 M instructions per
/// fleet state, which every trace pays for each of its states.
///
/// Only what the encoder writes is read: anything else (white space, a number that is not a
/// plain integer within `Int`, which the decoder reads by its own rules) gives nil, and the
/// caller asks the decoder.
struct EncodedJSON {
    private let bytes: UnsafeRawBufferPointer
    private var i = 0

    static func read(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        var reader = EncodedJSON(bytes: bytes)
        guard let value = reader.value(depth: 0), reader.i == bytes.count else { return nil }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth < StrictJSON.maxDepth, let b = peek else { return nil }
        switch b {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return integer()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    private mutating func object(depth: Int) -> JSONValue? {
        i += 1
        var members: [String: JSONValue] = [:]
        if peek == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            guard peek == UInt8(ascii: "\""), let key = string(), peek == UInt8(ascii: ":") else { return nil }
            i += 1
            guard let v = value(depth: depth + 1) else { return nil }
            members[key] = v
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        i += 1
        var elements: [JSONValue] = []
        if peek == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            guard let v = value(depth: depth + 1) else { return nil }
            elements.append(v)
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return .array(elements)
            default: return nil
            }
        }
    }

    /// A plain integer (`-`? digits) that fits `Int`; nil for anything else, fractions and
    /// exponents included.
    private mutating func integer() -> JSONValue? {
        let start = i
        if peek == UInt8(ascii: "-") { i += 1 }
        let digits = i
        while let b = peek, (0x30...0x39).contains(b) { i += 1 }
        guard i > digits, peek != UInt8(ascii: "."), peek != UInt8(ascii: "e"), peek != UInt8(ascii: "E") else { return nil }
        return Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)).map(JSONValue.int)
    }

    private mutating func string() -> String? {
        i += 1
        let start = i
        // Most strings have no escape: taken whole.
        while let b = peek, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") { i += 1 }
        guard let end = peek else { return nil }
        var out = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<i]))
        if end == UInt8(ascii: "\"") {
            i += 1
            return String(validating: out, as: UTF8.self)
        }
        while let b = peek {
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = peek else { return nil }
                i += 1
                if let simple = JSONEscape.byte(e) {
                    out.append(simple)
                    continue
                }
                switch e {
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: String(u).utf8)
                default: return nil
                }
            default:
                out.append(b)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count,
            let v = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self), radix: 16)
        else { return nil }
        i += 4
        return v
    }
}
