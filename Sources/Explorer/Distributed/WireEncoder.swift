/// Encodes a `Codable` state into the distributed run's binary wire form: each value is a tag
/// byte and its payload (whole numbers as varints), keyed containers name their keys by small
/// ids (`WireKeys`), and a container ends with a 0 byte. Self-describing, so a decoder finds
/// a key in any order and skips what it does not ask for; about a tenth of a state's JSON.
///
/// Written as a stream: a container is closed when its parent is written to again. A type
/// that interleaves containers otherwise, asks for two containers, or a super encoder makes
/// `encode` throw, and the caller sends the state's JSON instead.
struct WireEncoder {
    struct Unsupported: Error {}

    enum Tag: UInt8 {
        case end = 0, null, no, yes, int, uint, double, float, string, keyed, unkeyed
    }

    /// The bytes of `value`, naming new keys in `keys`.
    static func encode<T: Encodable>(_ value: T, keys: WireKeys) throws -> [UInt8] {
        let stream = Stream(keys: keys)
        try stream.value(value)
        stream.close(to: 0)
        guard !stream.failed else { throw Unsupported() }
        return stream.bytes
    }

    /// The bytes being written and the containers open (a stack: each knows its depth).
    final class Stream {
        var bytes: [UInt8] = []
        var open = 0
        var failed = false
        let keys: WireKeys

        init(keys: WireKeys) {
            self.keys = keys
            bytes.reserveCapacity(256)
        }

        /// A super encoder (class inheritance) has no place in the form: the encoding fails, and
        /// the value writes into a scratch stream nobody reads.
        func unsupported() -> Swift.Encoder {
            failed = true
            return Encoder(stream: Stream(keys: WireKeys()), depth: 0)
        }

        /// Closes the containers deeper than `depth`; false (and failed) if the container at
        /// `depth` was closed already.
        func close(to depth: Int) {
            if open < depth { failed = true }
            while open > depth {
                bytes.append(Tag.end.rawValue)
                open -= 1
            }
        }

        func varint(_ value: UInt64) { Varint.put(value, into: &bytes) }

        func tag(_ t: Tag) { bytes.append(t.rawValue) }

        func int<I: BinaryInteger>(_ value: I) {
            let v = Int64(truncatingIfNeeded: value)
            tag(.int)
            varint(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
        }

        func uint<I: BinaryInteger>(_ value: I) {
            tag(.uint)
            varint(UInt64(truncatingIfNeeded: value))
        }

        func string(_ s: String) {
            tag(.string)
            var s = s
            s.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// One whole value at the current place (a container's entry, or the root).
        func value<T: Encodable>(_ value: T) throws {
            // Compared by type, not cast: a dynamic cast per value was a fifth of a fleet rank's time.
            if T.self == Bool.self { return tag(unsafeBitCast(value, to: Bool.self) ? .yes : .no) }
            if T.self == Int.self { return int(unsafeBitCast(value, to: Int.self)) }
            if T.self == UInt8.self { return uint(unsafeBitCast(value, to: UInt8.self)) }
            if T.self == UInt16.self { return uint(unsafeBitCast(value, to: UInt16.self)) }
            if T.self == UInt32.self { return uint(unsafeBitCast(value, to: UInt32.self)) }
            if T.self == UInt64.self { return uint(unsafeBitCast(value, to: UInt64.self)) }
            if T.self == String.self { return string(unsafeBitCast(value, to: String.self)) }
            do {
                let depth = open
                let start = bytes.count
                try value.encode(to: Encoder(stream: self, depth: depth))
                // A value that wrote nothing (JSONEncoder writes `{}`): an empty keyed container.
                if bytes.count == start {
                    tag(.keyed)
                    bytes.append(Tag.end.rawValue)
                }
            }
        }
    }

    /// The encoder handed to one value: one container, or one single value.
    struct Encoder: Swift.Encoder {
        let stream: Stream
        let depth: Int
        var codingPath: [CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            start(.keyed)
            return KeyedEncodingContainer(Keyed<Key>(stream: stream, depth: depth + 1))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            start(.unkeyed)
            return Unkeyed(stream: stream, depth: depth + 1)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { Single(stream: stream, depth: depth) }

        /// Opens a container at this value's place: only once, and only where nothing is open deeper.
        private func start(_ tag: Tag) {
            if stream.open != depth { stream.failed = true }
            stream.tag(tag)
            stream.open += 1
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let stream: Stream
        let depth: Int
        var codingPath: [CodingKey] { [] }

        private func entry(_ key: Key) {
            stream.close(to: depth)
            stream.varint(UInt64(stream.keys.id(key.stringValue)))
        }

        mutating func encodeNil(forKey key: Key) throws {
            entry(key)
            stream.tag(.null)
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws { entry(key); stream.tag(value ? .yes : .no) }
        mutating func encode(_ value: String, forKey key: Key) throws { entry(key); stream.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { entry(key); try stream.value(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { entry(key); try stream.value(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { entry(key); stream.int(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { entry(key); stream.int(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { entry(key); stream.int(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { entry(key); stream.int(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { entry(key); stream.int(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { entry(key); stream.uint(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { entry(key); stream.uint(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { entry(key); stream.uint(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { entry(key); stream.uint(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { entry(key); stream.uint(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { entry(key); try stream.value(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            entry(key)
            return Encoder(stream: stream, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            entry(key)
            return Encoder(stream: stream, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> Swift.Encoder { stream.unsupported() }
        mutating func superEncoder(forKey key: Key) -> Swift.Encoder { stream.unsupported() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let stream: Stream
        let depth: Int
        var count = 0
        var codingPath: [CodingKey] { [] }

        private mutating func element() {
            stream.close(to: depth)
            count += 1
        }

        mutating func encodeNil() throws { element(); stream.tag(.null) }
        mutating func encode(_ value: Bool) throws { element(); stream.tag(value ? .yes : .no) }
        mutating func encode(_ value: String) throws { element(); stream.string(value) }
        mutating func encode(_ value: Int) throws { element(); stream.int(value) }
        mutating func encode(_ value: Int64) throws { element(); stream.int(value) }
        mutating func encode(_ value: UInt8) throws { element(); stream.uint(value) }
        mutating func encode(_ value: UInt32) throws { element(); stream.uint(value) }
        mutating func encode(_ value: UInt64) throws { element(); stream.uint(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { element(); try stream.value(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element()
            return Encoder(stream: stream, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            element()
            return Encoder(stream: stream, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> Swift.Encoder { stream.unsupported() }
    }

    struct Single: SingleValueEncodingContainer {
        let stream: Stream
        let depth: Int
        var codingPath: [CodingKey] { [] }

        /// A single value is written once, where nothing is open deeper.
        private func place() { if stream.open != depth { stream.failed = true } }

        mutating func encodeNil() throws { place(); stream.tag(.null) }
        mutating func encode(_ value: Bool) throws { place(); stream.tag(value ? .yes : .no) }
        mutating func encode(_ value: String) throws { place(); stream.string(value) }
        mutating func encode(_ value: Double) throws {
            place()
            stream.tag(.double)
            withUnsafeBytes(of: value.bitPattern.littleEndian) { stream.bytes.append(contentsOf: $0) }
        }
        mutating func encode(_ value: Float) throws {
            place()
            stream.tag(.float)
            withUnsafeBytes(of: value.bitPattern.littleEndian) { stream.bytes.append(contentsOf: $0) }
        }
        mutating func encode(_ value: Int) throws { place(); stream.int(value) }
        mutating func encode(_ value: Int8) throws { place(); stream.int(value) }
        mutating func encode(_ value: Int16) throws { place(); stream.int(value) }
        mutating func encode(_ value: Int32) throws { place(); stream.int(value) }
        mutating func encode(_ value: Int64) throws { place(); stream.int(value) }
        mutating func encode(_ value: UInt) throws { place(); stream.uint(value) }
        mutating func encode(_ value: UInt8) throws { place(); stream.uint(value) }
        mutating func encode(_ value: UInt16) throws { place(); stream.uint(value) }
        mutating func encode(_ value: UInt32) throws { place(); stream.uint(value) }
        mutating func encode(_ value: UInt64) throws { place(); stream.uint(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { place(); try stream.value(value) }
    }
}
