import Foundation

/// Encodes a value straight into the `JSONValue` that `JSONEncoder`'s text read back by
/// `EncodedJSON` gives, without the text: a trace records every state it goes through, and the
/// round trip was most of what a search's report cost (about 2% of a default fleet run).
///
/// Only what surely gives the same value is taken: a number not a whole one within `Int` (and
/// the float's exact integers), a type `JSONEncoder` encodes its own way (Date, Data, URL,
/// Decimal), a super encoder, a value that encodes nothing, a key encoded twice or nesting past
/// the readers' depth throw `Unsupported`, and the caller takes the round trip.
enum JSONValueEncoder {
    struct Unsupported: Error {}

    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try root.encode(value, codingPath: [])
        return try root.json(depth: 0)
    }

    /// A value being encoded: filled in place by the containers handed out for it.
    fileprivate final class Node {
        enum Kind { case empty, leaf, object, array, unsupported }
        var kind = Kind.empty
        var leaf = JSONValue.null
        var members: [String: Node] = [:]
        var elements: [Node] = []

        /// Makes this node a `kind` container; asked again, the same one (as `JSONEncoder`).
        func become(_ container: Kind) {
            if kind == .empty { kind = container } else if kind != container { kind = .unsupported }
        }

        func set(_ value: JSONValue) {
            if kind == .empty { (kind, leaf) = (.leaf, value) } else { kind = .unsupported }
        }

        /// A new member `key` of this object (unsupported if it is there already).
        func member(_ key: CodingKey) -> Node {
            let child = Node()
            if members.updateValue(child, forKey: key.stringValue) != nil { kind = .unsupported }
            return child
        }

        /// A super encoder: not taken (the caller takes the round trip); what it is handed is dropped.
        func superEncoder(_ codingPath: [CodingKey]) -> Encoder {
            kind = .unsupported
            return NodeEncoder(node: Node(), codingPath: codingPath)
        }

        func element() -> Node {
            let child = Node()
            elements.append(child)
            return child
        }

        func json(depth: Int) throws -> JSONValue {
            guard depth < StrictJSON.maxDepth else { throw Unsupported() }
            switch kind {
            case .leaf: return leaf
            case .object: return .object(try members.mapValues { try $0.json(depth: depth + 1) })
            case .array: return .array(try elements.map { try $0.json(depth: depth + 1) })
            case .empty, .unsupported: throw Unsupported()
            }
        }

        /// Encodes `value` into this node, as `JSONEncoder` would.
        func encode<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws {
            if value is Date || value is Data || value is URL || value is Decimal { throw Unsupported() }
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }

        /// A whole number well within the float's exact integers: `JSONEncoder` writes it without
        /// its ".0" ("3"), which reads back as an integer; any other is taken the long way.
        static func number<F: BinaryFloatingPoint>(_ value: F) throws -> JSONValue {
            guard value.isFinite, value.rounded() == value, value.magnitude < F(1 << (F.significandBitCount - 1)),
                  let v = Int(exactly: value) else { throw Unsupported() }
            return .int(v)
        }

        static func int<T: BinaryInteger>(_ value: T) throws -> JSONValue {
            guard let v = Int(exactly: value) else { throw Unsupported() }
            return .int(v)
        }
    }

    fileprivate struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.become(.object)
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            node.become(.array)
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [CodingKey]

        func encodeNil(forKey key: Key) throws { node.member(key).set(.null) }
        func encode(_ value: Bool, forKey key: Key) throws { node.member(key).set(.bool(value)) }
        func encode(_ value: String, forKey key: Key) throws { node.member(key).set(.string(value)) }
        func encode(_ value: Double, forKey key: Key) throws { node.member(key).set(try Node.number(value)) }
        func encode(_ value: Float, forKey key: Key) throws { node.member(key).set(try Node.number(value)) }
        func encode(_ value: Int, forKey key: Key) throws { node.member(key).set(.int(value)) }
        func encode(_ value: Int8, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: Int16, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: Int32, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: Int64, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: UInt, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: UInt8, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: UInt16, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: UInt32, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }
        func encode(_ value: UInt64, forKey key: Key) throws { node.member(key).set(try Node.int(value)) }

        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try node.member(key).encode(value, codingPath: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.member(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            NodeEncoder(node: node.member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superEncoder() -> Encoder { node.superEncoder(codingPath) }
        func superEncoder(forKey key: Key) -> Encoder { node.superEncoder(codingPath) }
    }

    fileprivate struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [CodingKey]
        var count: Int { node.elements.count }

        mutating func encodeNil() throws { node.element().set(.null) }
        mutating func encode(_ value: Bool) throws { node.element().set(.bool(value)) }
        mutating func encode(_ value: String) throws { node.element().set(.string(value)) }
        mutating func encode(_ value: Double) throws { node.element().set(try Node.number(value)) }
        mutating func encode(_ value: Float) throws { node.element().set(try Node.number(value)) }
        mutating func encode(_ value: Int) throws { node.element().set(.int(value)) }
        mutating func encode(_ value: Int8) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: Int16) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: Int32) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: Int64) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: UInt) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: UInt8) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: UInt16) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: UInt32) throws { node.element().set(try Node.int(value)) }
        mutating func encode(_ value: UInt64) throws { node.element().set(try Node.int(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try node.element().encode(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.element(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            NodeEncoder(node: node.element(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> Encoder { node.superEncoder(codingPath) }
    }

    fileprivate struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [CodingKey]

        mutating func encodeNil() throws { node.set(.null) }
        mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
        mutating func encode(_ value: String) throws { node.set(.string(value)) }
        mutating func encode(_ value: Double) throws { node.set(try Node.number(value)) }
        mutating func encode(_ value: Float) throws { node.set(try Node.number(value)) }
        mutating func encode(_ value: Int) throws { node.set(.int(value)) }
        mutating func encode(_ value: Int8) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: Int16) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: Int32) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: Int64) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: UInt) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: UInt8) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: UInt16) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: UInt32) throws { node.set(try Node.int(value)) }
        mutating func encode(_ value: UInt64) throws { node.set(try Node.int(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            guard node.kind == .empty else { throw Unsupported() }
            try node.encode(value, codingPath: codingPath)
        }
    }
}
