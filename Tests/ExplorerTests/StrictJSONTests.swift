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

    @Test("NUL bytes at the start are called what they are, not UTF-16 or UTF-32 text; real UTF-16 and UTF-32 still are")
    func nulBytes() {
        let nul = StrictJSON.Failure(path: "$", problem: "NUL bytes at the start (binary data or a zeroed file, not text); a configuration or trace must be UTF-8 JSON")
        let wide = StrictJSON.Failure(path: "$", problem: "UTF-16 or UTF-32 text; a configuration or trace must be UTF-8")
        func failure(_ bytes: [UInt8]) -> StrictJSON.Failure? {
            do { _ = try StrictJSON.parse(bytes); return nil } catch { return error }
        }
        #expect(failure([UInt8](repeating: 0, count: 65_536)) == nul)
        #expect(failure([0, 0]) == nul)
        #expect(failure(Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == wide)
        #expect(failure([0x7B, 0, 0, 0, 0x7D, 0, 0, 0]) == wide)
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
