import Foundation
import Testing
@testable import FleetCard

/// The server's sid tie-break, JavaScript's `localeCompare` (issue 50, item 9), against the
/// order Node's ICU gave (`Tests/Pins/localecompare.json`, `Scripts/localecompare-pins.js`).
@Suite struct SidCollationTests {
    struct Pin: Decodable {
        let node: String
        let icu: String
        let sorted: [String]
    }

    /// The committed pin, or the file `SIDCOLLATION_PINS` names (a larger set the script writes).
    static func pin() throws -> Pin {
        let path = ProcessInfo.processInfo.environment["SIDCOLLATION_PINS"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Pins/localecompare.json").path
        return try JSONDecoder().decode(Pin.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("SidCollation orders every pinned printable-ASCII string as Node's localeCompare did")
    func matchesNode() throws {
        let pin = try Self.pin()
        #expect(pin.sorted.count > 900)
        var wrong: [String] = []
        for (a, b) in zip(pin.sorted, pin.sorted.dropFirst()) where SidCollation.compare(a, b) != -1 || SidCollation.compare(b, a) != 1 {
            wrong.append("\(a.debugDescription) < \(b.debugDescription)")
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(pin.sorted.count - 1) neighbours (Node \(pin.node), ICU \(pin.icu)): \(wrong.prefix(10))")
        #expect(pin.sorted.allSatisfy { SidCollation.compare($0, $0) == 0 })
    }

    @Test("localeCompare is not code-point order: case is a later level, punctuation comes before digits")
    func notCodePoints() {
        #expect(SidCollation.compare("a", "A") == -1 && "A" < "a")
        #expect(SidCollation.compare("a2", "B1") == -1 && "B1" < "a2")
        // The case level is looked at only when the letters agree over the whole string.
        #expect(SidCollation.compare("aB", "Ab") == -1 && SidCollation.compare("Ab", "ab") == 1)
        #expect(SidCollation.compare("Aa", "ab") == -1)
        #expect(SidCollation.compare("_", "-") == -1 && SidCollation.compare("-", "0") == -1 && "0" < "_")
        // No numeric ordering, and a prefix comes first.
        #expect(SidCollation.compare("s10", "s2") == -1 && SidCollation.compare("s1", "s10") == -1)
    }

    @Test("the server breaks row ties by localeCompare of the sids, the app by String order")
    func rowTies() {
        let tied = [working("B1"), working("a2"), working("_3")]
        let server = reduceFleetLiveActivity(tied, FleetBox(), now: 0).content.rows.map(\.sid)
        #expect(server == ["_3", "a2", "B1"])
        let app = FleetActivitySnapshot.make(from: tied, carrying: SinceMap(), now: 0).content.rows.map(\.sid)
        #expect(app == ["B1", "_3", "a2"])
        // On the model's sids the two orders agree.
        let model = (1...8).map { working("s\($0)") }.reversed()
        #expect(reduceFleetLiveActivity(Array(model), FleetBox(), now: 0, guards: Guards.all).content.rows.map(\.sid) == ["s1", "s2", "s3"])
    }
}
