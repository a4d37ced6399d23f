import Foundation
import Testing
@testable import Explorer

@Suite struct JSONValueEncoderTests {
    /// Whole numbers in floats, which the encoder writes without ".0".
    struct Whole: Encodable {
        var two = 2.0
        var negativeZero = -0.0
        var large = 1e15
        var single: Float = 3
        var list = [0.0, -7.0]
        var missing: Double? = nil
        var present: Double? = 4
    }

    struct Stamped: Encodable { var at = Date(timeIntervalSince1970: 0) }

    /// Encodes part of itself through a super encoder, keyed (`keyed`) or unkeyed.
    struct WithSuper: Encodable {
        var keyed: Bool
        enum Keys: String, CodingKey { case own }

        func encode(to encoder: Encoder) throws {
            if keyed {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .own)
                try 2.encode(to: c.superEncoder())
            } else {
                var c = encoder.unkeyedContainer()
                try c.encode(1)
                try 2.encode(to: c.superEncoder())
            }
        }
    }

    @Test("encoded straight, a value is what the decoder reads from the encoder's text")
    func sameAsDecoder() throws {
        #expect(try JSONValueEncoder.encode(EncodedJSONTests.Plain()) == EncodedJSONTests.decoded(EncodedJSONTests.Plain()))
        #expect(try JSONValueEncoder.encode(Whole()) == EncodedJSONTests.decoded(Whole()))
        #expect(try JSONValueEncoder.encode(Counter.State(value: 3, pending: 1)) == EncodedJSONTests.decoded(Counter.State(value: 3, pending: 1)))
        #expect(try JSONValueEncoder.encode("\u{0} é") == EncodedJSONTests.decoded("\u{0} é"))
    }

    @Test("what the text might read otherwise is left to the round trip, which gives the decoder's value")
    func unsupported() throws {
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(0.5) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(1e20) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(UInt64.max) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(Stamped()) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(Data([1])) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(EncodedJSONTests.Sample()) }
        #expect(try JSONValue(encoding: EncodedJSONTests.Sample()) == EncodedJSONTests.decoded(EncodedJSONTests.Sample()))
        #expect(try JSONValue(encoding: Stamped()) == EncodedJSONTests.decoded(Stamped()))
        for keyed in [true, false] {
            #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(WithSuper(keyed: keyed)) }
            #expect(try JSONValue(encoding: WithSuper(keyed: keyed)) == EncodedJSONTests.decoded(WithSuper(keyed: keyed)))
        }
    }
}
