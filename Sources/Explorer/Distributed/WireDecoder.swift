/// Reads a value `WireEncoder` wrote. Keys are looked up by name: in the order they were
/// written at no cost, and in any other by scanning the container. Every read is bounds
/// checked; a short or malformed value throws.
struct WireDecoder {
    struct Malformed: Error {}
    typealias Tag = WireEncoder.Tag

    static func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>, names: [String]) throws -> T {
        let source = Source(bytes: Array(bytes), names: names)
        var at = 0
        let value = try source.value(T.self, at: &at)
        guard at == source.bytes.count else { throw Malformed() }
        return value
    }

    final class Source {
        let bytes: [UInt8]
        let names: [String]

        init(bytes: [UInt8], names: [String]) {
            self.bytes = bytes
            self.names = names
        }

        func byte(_ at: inout Int) throws(Malformed) -> UInt8 {
            guard at < bytes.count else { throw Malformed() }
            defer { at += 1 }
            return bytes[at]
        }

        /// A varint past 64 bits is malformed, not cut to its low bits (`Varint.get`).
        func varint(_ at: inout Int) throws(Malformed) -> UInt64 {
            guard let value = bytes.withUnsafeBytes({ Varint.get($0, at: &at) }) else { throw Malformed() }
            return value
        }

        func tag(_ at: inout Int) throws(Malformed) -> Tag {
            guard let t = Tag(rawValue: try byte(&at)) else { throw Malformed() }
            return t
        }

        func expect(_ expected: Tag, _ at: inout Int) throws(Malformed) {
            guard try tag(&at) == expected else { throw Malformed() }
        }

        func bool(_ at: inout Int) throws(Malformed) -> Bool {
            switch try tag(&at) {
            case .yes: true
            case .no: false
            default: throw Malformed()
            }
        }

        func int<I: FixedWidthInteger>(_: I.Type, _ at: inout Int) throws(Malformed) -> I {
            switch try tag(&at) {
            case .int:
                let z = try varint(&at)
                let v = Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
                guard let i = I(exactly: v) else { throw Malformed() }
                return i
            case .uint:
                guard let i = I(exactly: try varint(&at)) else { throw Malformed() }
                return i
            default: throw Malformed()
            }
        }

        func fixed(_ size: Int, _ at: inout Int) throws(Malformed) -> UInt64 {
            guard bytes.count - at >= size else { throw Malformed() }
            var v: UInt64 = 0
            for i in 0..<size { v |= UInt64(bytes[at + i]) << UInt64(8 * i) }
            at += size
            return v
        }

        func double(_ at: inout Int) throws(Malformed) -> Double {
            try expect(.double, &at)
            return Double(bitPattern: try fixed(8, &at))
        }

        func float(_ at: inout Int) throws(Malformed) -> Float {
            try expect(.float, &at)
            return Float(bitPattern: UInt32(truncatingIfNeeded: try fixed(4, &at)))
        }

        func string(_ at: inout Int) throws(Malformed) -> String {
            try expect(.string, &at)
            let n = try varint(&at)
            guard n <= UInt64(bytes.count - at) else { throw Malformed() }
            let count = Int(n)
            defer { at += count }
            return String(decoding: bytes[at..<at + count], as: UTF8.self)
        }

        /// The key named by id `id` (ids from 1).
        func name(_ id: UInt64) throws(Malformed) -> String {
            guard id >= 1, id <= UInt64(names.count) else { throw Malformed() }
            return names[Int(id - 1)]
        }

        /// Moves `at` past one value, nested containers included (at most 256 deep).
        func skip(_ at: inout Int, depth: Int = 0) throws(Malformed) {
            guard depth < 256 else { throw Malformed() }
            switch try tag(&at) {
            case .end: throw Malformed()
            case .null, .no, .yes: break
            case .int, .uint: _ = try varint(&at)
            case .double: _ = try fixed(8, &at)
            case .float: _ = try fixed(4, &at)
            case .string:
                let n = try varint(&at)
                guard n <= UInt64(bytes.count - at) else { throw Malformed() }
                at += Int(n)
            case .keyed:
                while try varint(&at) != 0 { try skip(&at, depth: depth + 1) }
            case .unkeyed:
                while true {
                    guard at < bytes.count else { throw Malformed() }
                    if bytes[at] == Tag.end.rawValue { break }
                    try skip(&at, depth: depth + 1)
                }
                at += 1
            }
        }

        /// One whole value at `at`, moving past it.
        func value<T: Decodable>(_: T.Type, at: inout Int) throws -> T {
            // Compared by type, not cast (as the encoder): the type is the one asked for.
            if T.self == Bool.self { return unsafeBitCast(try bool(&at), to: T.self) }
            if T.self == Int.self { return unsafeBitCast(try int(Int.self, &at), to: T.self) }
            if T.self == UInt8.self { return unsafeBitCast(try int(UInt8.self, &at), to: T.self) }
            if T.self == UInt16.self { return unsafeBitCast(try int(UInt16.self, &at), to: T.self) }
            if T.self == UInt32.self { return unsafeBitCast(try int(UInt32.self, &at), to: T.self) }
            if T.self == UInt64.self { return unsafeBitCast(try int(UInt64.self, &at), to: T.self) }
            if T.self == String.self { return unsafeBitCast(try string(&at), to: T.self) }
            let decoder = Decoder(source: self, start: at)
            let value = try T(from: decoder)
            at = try decoder.end()
            return value
        }
    }

    /// The decoder handed to one value at `start`; `end()` is where that value ends.
    final class Decoder: Swift.Decoder {
        let source: Source
        let start: Int
        /// Where the value ends once read: set by a single value read, or by the container's end.
        var known: Int?
        var keyed: KeyedCursor?
        var unkeyed: UnkeyedCursor?
        var codingPath: [CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(source: Source, start: Int) {
            self.source = source
            self.start = start
        }

        func end() throws -> Int {
            if let keyed { return try keyed.end() }
            if let unkeyed { return try unkeyed.end() }
            if let known { return known }
            var at = start
            try source.skip(&at)
            return at
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            let cursor = try keyed ?? KeyedCursor(source: source, start: start)
            keyed = cursor
            return KeyedDecodingContainer(Keyed<Key>(cursor: cursor))
        }

        func unkeyedContainer() throws -> UnkeyedDecodingContainer {
            let cursor = try unkeyed ?? UnkeyedCursor(source: source, start: start)
            unkeyed = cursor
            return Unkeyed(cursor: cursor)
        }

        func singleValueContainer() throws -> SingleValueDecodingContainer { Single(decoder: self) }

        /// A single value read at `start`, noting where it ends.
        func read<T>(_ body: (inout Int) throws -> T) throws -> T {
            var at = start
            let value = try body(&at)
            known = at
            return value
        }
    }

    /// A keyed container being read: where its entries start, and the next unread entry.
    final class KeyedCursor {
        let source: Source
        let entries: Int
        var next: Int

        init(source: Source, start: Int) throws {
            self.source = source
            var at = start
            try source.expect(.keyed, &at)
            entries = at
            next = at
        }

        /// The place of `key`'s value, or nil: the next entry's when it is that key, else found
        /// by scanning from the first.
        func find(_ key: String) throws -> Int? {
            var at = next
            let id = try source.varint(&at)
            if id != 0, try source.name(id) == key { return at }
            at = entries
            while true {
                let id = try source.varint(&at)
                if id == 0 { return nil }
                if try source.name(id) == key { return at }
                try source.skip(&at)
            }
        }

        /// Reads `key`'s value with `body` (nil if absent), moving `next` past it.
        func read<T>(_ key: String, _ body: (inout Int) throws -> T) throws -> T? {
            guard var at = try find(key) else { return nil }
            let value = try body(&at)
            next = at
            return value
        }

        func end() throws -> Int {
            var at = next
            while true {
                let id = try source.varint(&at)
                if id == 0 { return at }
                _ = try source.name(id)
                try source.skip(&at)
            }
        }
    }

    final class UnkeyedCursor {
        let source: Source
        var next: Int
        var index = 0

        init(source: Source, start: Int) throws {
            self.source = source
            var at = start
            try source.expect(.unkeyed, &at)
            next = at
        }

        var isAtEnd: Bool { next >= source.bytes.count || source.bytes[next] == Tag.end.rawValue }

        func read<T>(_ body: (inout Int) throws -> T) throws -> T {
            guard !isAtEnd else { throw Malformed() }
            var at = next
            let value = try body(&at)
            next = at
            index += 1
            return value
        }

        func end() throws -> Int {
            var at = next
            while !isAtEndAt(at) { try source.skip(&at) }
            _ = try source.byte(&at)
            return at
        }

        private func isAtEndAt(_ at: Int) -> Bool { at < source.bytes.count && source.bytes[at] == Tag.end.rawValue }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let cursor: KeyedCursor
        var codingPath: [CodingKey] { [] }

        var allKeys: [Key] {
            var keys: [Key] = []
            var at = cursor.entries
            while let id = try? cursor.source.varint(&at), id != 0, let name = try? cursor.source.name(id) {
                if let key = Key(stringValue: name) { keys.append(key) }
                guard (try? cursor.source.skip(&at)) != nil else { break }
            }
            return keys
        }

        func contains(_ key: Key) -> Bool { ((try? cursor.find(key.stringValue)) ?? nil) != nil }

        private func get<T>(_ key: Key, _ body: (inout Int) throws -> T) throws -> T {
            guard let value = try cursor.read(key.stringValue, body) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no such key on the wire"))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let at = try cursor.find(key.stringValue) else { return true }
            guard at < cursor.source.bytes.count, cursor.source.bytes[at] == Tag.null.rawValue else { return false }
            cursor.next = at + 1
            return true
        }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try get(key) { try cursor.source.bool(&$0) } }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try get(key) { try cursor.source.string(&$0) } }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try get(key) { try cursor.source.double(&$0) } }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try get(key) { try cursor.source.float(&$0) } }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try get(key) { try cursor.source.int(type, &$0) } }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try get(key) { try cursor.source.value(type, at: &$0) }
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try get(key) { at in
                let decoder = Decoder(source: cursor.source, start: at)
                let container = try decoder.container(keyedBy: type)
                try cursor.source.skip(&at)
                return container
            }
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            try get(key) { at in
                let decoder = Decoder(source: cursor.source, start: at)
                let container = try decoder.unkeyedContainer()
                try cursor.source.skip(&at)
                return container
            }
        }

        func superDecoder() throws -> Swift.Decoder { throw Malformed() }
        func superDecoder(forKey key: Key) throws -> Swift.Decoder { throw Malformed() }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let cursor: UnkeyedCursor
        var codingPath: [CodingKey] { [] }
        var count: Int? { nil }
        var isAtEnd: Bool { cursor.isAtEnd }
        var currentIndex: Int { cursor.index }

        mutating func decodeNil() throws -> Bool {
            guard !cursor.isAtEnd, cursor.source.bytes[cursor.next] == Tag.null.rawValue else { return false }
            cursor.next += 1
            cursor.index += 1
            return true
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try cursor.read { try cursor.source.bool(&$0) } }
        mutating func decode(_ type: String.Type) throws -> String { try cursor.read { try cursor.source.string(&$0) } }
        mutating func decode(_ type: Double.Type) throws -> Double { try cursor.read { try cursor.source.double(&$0) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try cursor.read { try cursor.source.float(&$0) } }
        mutating func decode(_ type: Int.Type) throws -> Int { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try cursor.read { try cursor.source.int(type, &$0) } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try cursor.read { try cursor.source.value(type, at: &$0) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try cursor.read { at in
                let container = try Decoder(source: cursor.source, start: at).container(keyedBy: type)
                try cursor.source.skip(&at)
                return container
            }
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            try cursor.read { at in
                let container = try Decoder(source: cursor.source, start: at).unkeyedContainer()
                try cursor.source.skip(&at)
                return container
            }
        }

        mutating func superDecoder() throws -> Swift.Decoder { throw Malformed() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: Decoder
        var codingPath: [CodingKey] { [] }
        var source: Source { decoder.source }

        func decodeNil() -> Bool { decoder.start < source.bytes.count && source.bytes[decoder.start] == Tag.null.rawValue && mark() }
        private func mark() -> Bool {
            decoder.known = decoder.start + 1
            return true
        }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.read { try source.bool(&$0) } }
        func decode(_ type: String.Type) throws -> String { try decoder.read { try source.string(&$0) } }
        func decode(_ type: Double.Type) throws -> Double { try decoder.read { try source.double(&$0) } }
        func decode(_ type: Float.Type) throws -> Float { try decoder.read { try source.float(&$0) } }
        func decode(_ type: Int.Type) throws -> Int { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.read { try source.int(type, &$0) } }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.read { try source.int(type, &$0) } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.read { try source.value(type, at: &$0) } }
    }
}
