import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct ValueDescriptionTests {
    indirect enum JSON: Equatable { case null, bool(Bool), number(Int), array([JSON]), object([String: JSON]) }
    struct Point { var x: Int, y: Int }

    @Test("an enum without a description of its own reads as its cases, not as Module.Type.case")
    func enumsReadable() {
        #expect(ValueDescription([JSON.null, .bool(true), .array([.number(3)])]).short == "[.null, .bool(true), .array([.number(3)])]")
        #expect(ValueDescription(JSON.object(["b": .null, "a": .number(1)])).short == ".object([\"a\": .number(1), \"b\": .null])")
        #expect(ValueDescription((Point(x: 1, y: 2), Optional(JSON.null), "s")).short == "(Point(x: 1, y: 2), .null, \"s\")")
        #expect(ValueDescription(Set([3, 1, 2])).short == "[1, 2, 3]")
        #expect(ValueDescription([Int?.none]).short == "[nil]")
    }

    @Test("a long collection prints its first 20 elements and counts the rest; the full text is kept")
    func longCollectionsShortened() {
        let description = ValueDescription(Array(0..<10_000))
        #expect(description.short == (0..<20).map(String.init).joined(separator: ", ").wrappedInBrackets(", … (9980 more elements)"))
        #expect(description.isShortened)
        #expect(description.full == "\(Array(0..<10_000))")
        #expect(!ValueDescription([1, 2, 3]).isShortened)
        let long = ValueDescription(String(repeating: "x", count: 5_000))
        #expect(long.short == String(repeating: "x", count: 2_000) + "… (3000 more characters)")
    }

    @Test("a failure on a long input prints it shortened and writes the whole of it next to the seed files")
    func reportNamesFullValueFile() throws {
        let files = SeedFiles(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("cardcheck-values-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: files.directory) }
        var profile = Profile.pr
        profile.seedLog = .off
        var runner = PropertyRunner(name: "long", gen: Gen.int(in: 0...10).map { Array(repeating: $0, count: 50) },
                                    profile: profile, cover: [], filter: "long") { list, _ in list.count < 50 }
        runner.seedFiles = files
        runner.progress = nil
        let result = runner.run()
        let file = try #require(result.failures.first?.fullValueFile)
        #expect(result.report.contains("  input: [" + Array(repeating: "0", count: 20).joined(separator: ", ") + ", … (30 more elements)]"))
        #expect(result.report.contains("  " + HarnessMessage.fullValue(file)))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "\(Array(repeating: 0, count: 50))\n")
    }
}

private extension String {
    func wrappedInBrackets(_ suffix: String) -> String { "[" + self + suffix + "]" }
}
