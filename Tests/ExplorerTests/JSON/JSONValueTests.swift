import Foundation
import Testing
@testable import Explorer

@Suite struct JSONValueTests {
    @Test("parsing keeps integers, doubles, booleans, strings, arrays and objects apart")
    func kinds() throws {
        let json = try JSONValue(parsing: Data(#"{"a":1,"b":1.5,"c":true,"d":"x","e":[null],"f":{}}"#.utf8))
        #expect(json["a"] == .int(1))
        #expect(json["b"] == .double(1.5))
        #expect(json["c"] == .bool(true))
        #expect(json["d"] == .string("x"))
        #expect(json["e"] == .array([.null]))
        #expect(json["f"] == .object([:]))
        #expect(json["missing"] == nil)
    }

    @Test("the canonical text sorts keys, so equal values give equal bytes")
    func canonical() throws {
        let a = try JSONValue(parsing: Data(#"{"b":2,"a":1}"#.utf8))
        #expect(String(decoding: try a.data(), as: UTF8.self) == #"{"a":1,"b":2}"#)
    }

    @Test("an encodable value round-trips through its JSON form")
    func roundTrip() throws {
        let c = Counter.State(value: 3, pending: 1)
        let json = try JSONValue(encoding: c)
        #expect(json == .object(["value": .int(3), "pending": .int(1)]))
        #expect(try json.decode(Counter.State.self) == c)
    }
}
