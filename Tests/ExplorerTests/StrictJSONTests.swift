import Testing
@testable import Explorer

/// The strict reader's refusals that Foundation would let through, each at its place.
@Suite struct StrictJSONTests {
    static func failure(_ text: String) -> StrictJSON.Failure? {
        do {
            _ = try StrictJSON.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("a trailing comma in an array is refused at the array's path, at any depth")
    func arrayTrailingComma() {
        #expect(Self.failure("[1,]") == StrictJSON.Failure(path: "$", problem: "trailing comma"))
        #expect(Self.failure("[1, 2 , ]") == StrictJSON.Failure(path: "$", problem: "trailing comma"))
        #expect(Self.failure(#"{"a": {"b": ["x",]}}"#) == StrictJSON.Failure(path: "$.a.b", problem: "trailing comma"))
        #expect(Self.failure(#"{"a": [[1,],[2]]}"#) == StrictJSON.Failure(path: "$.a[0]", problem: "trailing comma"))
        // Without the comma, or with an empty array, the same documents read.
        #expect(Self.failure("[1]") == nil && Self.failure("[]") == nil && Self.failure(#"{"a": [[1],[2]]}"#) == nil)
        #expect(Self.failure("[,]") != nil && Self.failure("[1,,2]") != nil)
    }

    @Test("a trailing comma in an object is refused at the object's path")
    func objectTrailingComma() {
        #expect(Self.failure(#"{"a": 1,}"#) == StrictJSON.Failure(path: "$", problem: "trailing comma"))
        #expect(Self.failure(#"{"a": {"b": 1,}}"#) == StrictJSON.Failure(path: "$.a", problem: "trailing comma"))
    }
}
