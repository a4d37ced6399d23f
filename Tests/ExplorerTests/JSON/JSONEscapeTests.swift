@testable import Explorer
import Foundation
import Testing

@Suite struct JSONEscapeTests {
    @Test("each one-character escape stands for the byte JSONSerialization reads for it; others are nil")
    func oneCharacterEscapes() throws {
        for e in UInt8(0x20)...UInt8(0x7E) {
            let text = "[\"\\" + String(UnicodeScalar(e)) + "\"]"
            let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            if e == UInt8(ascii: "u") {
                #expect(JSONEscape.byte(e) == nil)
            } else if let string = parsed?.first {
                #expect(JSONEscape.byte(e).map { [$0] } == Array(string.utf8), "\\\(UnicodeScalar(e))")
            } else {
                #expect(JSONEscape.byte(e) == nil, "\\\(UnicodeScalar(e)) is not JSON")
            }
        }
    }
}
