import Foundation
import Testing
@testable import Explorer

@Suite struct EncodedJSONTests {
    /// Every kind of value an encoder writes but doubles and integers past `Int`.
    struct Plain: Encodable {
        enum Mood: String, Encodable {
            case calm
            case needsInput = "needs/input"
        }
        var small: UInt8 = 7
        var negative = Int.min
        var largest = Int.max
        var flags = [true, false]
        var mood = Mood.calm
        var other = Mood(rawValue: "needs/input")
        var text = "quote \" slash / back \\ tab \t nl \n nul \u{0} é 😀 \u{1F}"
        var missing: Int? = nil
        var present: Int? = 0
        var empty: [Int] = []
        var nothing: [String: Int] = [:]
        var nested = [[1, 2], [], [3]]
        var byName = ["b": [1], "a": [], "é\"": [2]]
    }

    /// `Plain`, with what the decoder reads by its own rules.
    struct Sample: Encodable {
        var plain = Plain()
        var beyondInt = UInt64.max
        var wholeDouble = 2.0
        var fraction = 0.1
        var huge = 1e300
        var negativeZero = -0.0
    }

    /// The old way: the decoder reads the encoder's text.
    static func decoded(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test("a value's JSON form is what the decoder reads from the encoder's text, doubles included")
    func sameAsDecoder() throws {
        #expect(try JSONValue(encoding: Plain()) == Self.decoded(Plain()))
        #expect(try JSONValue(encoding: Sample()) == Self.decoded(Sample()))
        for value in [Counter.State(value: 3, pending: 1), Counter.State(value: -1, pending: 0)] {
            #expect(try JSONValue(encoding: value) == Self.decoded(value))
        }
        for text in ["", "\\", "\u{7F}", "\u{2028}", "\u{10FFFF}"] {
            #expect(try JSONValue(encoding: text) == Self.decoded(text))
        }
        #expect(try JSONValue(encoding: [Int64.min, 0, -0]) == Self.decoded([Int64.min, 0, -0]))
    }

    @Test("read directly: integers and strings; left to the decoder: fractions, exponents, integers past Int")
    func directOnly() throws {
        func read(_ value: some Encodable) throws -> JSONValue? {
            try JSONEncoder().encode(value).withUnsafeBytes { EncodedJSON.read($0) }
        }
        #expect(try read(Counter.State(value: 3, pending: 1)) == .object(["value": .int(3), "pending": .int(1)]))
        #expect(try read(["a\\u00e9\"": [Int.min]]) == .object(["a\\u00e9\"": .array([.int(Int.min)])]))
        #expect(try read("\u{1F} 😀") == .string("\u{1F} 😀"))
        #expect(try read(Plain()) == Self.decoded(Plain()))
        #expect(try read(0.5) == nil)
        #expect(try read(1e20) == nil)
        #expect(try read(UInt64.max) == nil)
        #expect(try read(Sample()) == nil)
    }
}
