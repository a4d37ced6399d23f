import Foundation
import Testing
@testable import Explorer

/// The distributed run's binary wire form reads back to the value written, whatever order the
/// decoder asks for its keys in; a type it cannot take is refused at encoding (the run then
/// sends JSON), and a cut or corrupted value is refused at decoding, never misread.
struct WireEncoderTests {
    enum Colour: String, Codable, Hashable { case red, green }

    struct Inner: Codable, Hashable {
        var flag: Bool
        var note: String?
        var small: Int8
        var big: UInt64
        var ratio: Double
    }

    struct Outer: Codable, Hashable {
        var name: String
        var count: Int
        var negative: Int
        var colours: [Colour]
        var inners: [Inner]
        var nested: [[Int]]
        var maybe: Inner?
        var table: [String: Int]
        var empty: [Int]
    }

    /// Encodes its keys in one order and decodes them in another (as two-phase commit's state does).
    struct Reordered: Codable, Hashable {
        var a: Int
        var b: [String]
        var c: Bool

        enum CodingKeys: String, CodingKey { case a, b, c }

        init(a: Int, b: [String], c: Bool) { (self.a, self.b, self.c) = (a, b, c) }

        init(from decoder: Decoder) throws {
            let k = try decoder.container(keyedBy: CodingKeys.self)
            c = try k.decode(Bool.self, forKey: .c)
            a = try k.decode(Int.self, forKey: .a)
            b = try k.decode([String].self, forKey: .b)
        }

        func encode(to encoder: Encoder) throws {
            var k = encoder.container(keyedBy: CodingKeys.self)
            try k.encode(b, forKey: .b)
            try k.encode(a, forKey: .a)
            try k.encode(c, forKey: .c)
        }
    }

    /// Asks its encoder for two containers: not a value the stream can write.
    struct TwoContainers: Codable {
        enum CodingKeys: String, CodingKey { case x }
        init() {}
        init(from decoder: Decoder) throws {}
        func encode(to encoder: Encoder) throws {
            var first = encoder.container(keyedBy: CodingKeys.self)
            try first.encode(1, forKey: .x)
            var second = encoder.unkeyedContainer()
            try second.encode(2)
        }
    }

    static let sample = Outer(
        name: "fleet ✓", count: 300, negative: -70_000, colours: [.red, .green, .red],
        inners: [Inner(flag: true, note: nil, small: -3, big: .max, ratio: 0.25),
                 Inner(flag: false, note: "n", small: 127, big: 0, ratio: -1e300)],
        nested: [[], [1, -1], [Int.min, Int.max]], maybe: Inner(flag: true, note: "", small: 0, big: 1, ratio: 0),
        table: ["one": 1, "two": 2], empty: [])

    /// Encodes with one key table and decodes with the names a peer learns from its header.
    static func roundTrip<T: Codable>(_ value: T) throws -> (T, [UInt8]) {
        let keys = WireKeys()
        let bytes = try WireEncoder.encode(value, keys: keys)
        var names = WireKeyNames()
        var reader = WireReader(keys.header())
        try names.learn(&reader)
        return (try WireDecoder.decode(T.self, from: bytes[...], names: names.names), bytes)
    }

    @Test("a nested value reads back equal, and is far smaller than its JSON")
    func roundTrip() throws {
        let (back, bytes) = try Self.roundTrip(Self.sample)
        #expect(back == Self.sample)
        let json = try JSONEncoder().encode(Self.sample)
        #expect(bytes.count * 2 < json.count, "\(bytes.count) wire bytes against \(json.count) of JSON")
    }

    @Test("keys are found when decoded in another order than written")
    func reorderedKeys() throws {
        let value = Reordered(a: -5, b: ["x", "yz"], c: true)
        #expect(try Self.roundTrip(value).0 == value)
        #expect(try Self.roundTrip([value, value]).0 == [value, value])
    }

    @Test("a key crosses once per peer: a second value adds nothing to the header")
    func keysOnce() throws {
        let keys = WireKeys()
        _ = try WireEncoder.encode(Self.sample, keys: keys)
        let first = keys.header()
        _ = try WireEncoder.encode(Self.sample, keys: keys)
        #expect(first.count > 4)
        #expect(keys.header() == [0, 0, 0, 0])
    }

    @Test("a type asking for two containers is refused at encoding")
    func refusesTwoContainers() {
        #expect(throws: WireEncoder.Unsupported.self) { try WireEncoder.encode(TwoContainers(), keys: WireKeys()) }
    }

    @Test("a super encoder, from a keyed or an unkeyed container, is refused at encoding")
    func refusesSuperEncoder() {
        for keyed in [true, false] {
            #expect(throws: WireEncoder.Unsupported.self) { try WireEncoder.encode(JSONValueEncoderTests.WithSuper(keyed: keyed), keys: WireKeys()) }
        }
    }

    @Test("every cut value and a value with a byte changed to an unknown tag are refused")
    func refusesDamage() throws {
        let keys = WireKeys()
        let bytes = try WireEncoder.encode(Self.sample, keys: keys)
        var names = WireKeyNames()
        var reader = WireReader(keys.header())
        try names.learn(&reader)
        for n in 0..<bytes.count {
            #expect(throws: (any Error).self) { try WireDecoder.decode(Outer.self, from: bytes[..<n], names: names.names) }
        }
        #expect(throws: (any Error).self) { try WireDecoder.decode(Outer.self, from: (bytes + [0])[...], names: names.names) }
        var tagged = bytes
        tagged[0] = 0xEE
        #expect(throws: (any Error).self) { try WireDecoder.decode(Outer.self, from: tagged[...], names: names.names) }
        // Without the header's names no key can be read.
        #expect(throws: (any Error).self) { try WireDecoder.decode(Outer.self, from: bytes[...], names: []) }
    }

    @Test("a varint with bits past the 64th is refused, not read as its low 64 bits")
    func refusesWideVarint() throws {
        let bytes = try WireEncoder.encode(UInt64.max, keys: WireKeys())
        #expect(try WireDecoder.decode(UInt64.self, from: bytes[...], names: []) == .max)
        #expect(bytes.last == 0x01, "\(bytes)")
        var wide = bytes
        wide[wide.count - 1] = 0x7F
        #expect(throws: (any Error).self) { try WireDecoder.decode(UInt64.self, from: wide[...], names: []) }
    }
}
