import Foundation
import Testing

/// `.ci/property-failures`, which the workflows run after a failing property test, on a scratch
/// checkout: a failure's replay line in the log, a crashed case's seed file, a new corpus entry.
@Suite struct PropertyFailuresScriptTests {
    static func run(_ tool: String, _ arguments: [String], in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("it gathers the exact replay commands, the crash seeds and the new shrunk corpus entries, and nothing committed")
    func gathers() throws {
        let root = NSTemporaryDirectory() + "cardcheck-pf-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws {
            try fm.createDirectory(atPath: ((root + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        try write("Tests/Corpus/Widgets/old.json", "{}\n")
        #expect(try Self.run("/usr/bin/git", ["init", "-q"], in: root) == 0)
        #expect(try Self.run("/usr/bin/git", ["-c", "user.name=t", "-c", "user.email=t@t", "add", "."], in: root) == 0)
        #expect(try Self.run("/usr/bin/git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"], in: root) == 0)
        try write("Tests/Corpus/Widgets/new-failure.json", "{\"entries\": []}\n")
        try write(".build/cardcheck-seeds/crashing-property.txt",
                  "cardcheck: \"crashing property\" case 7: CARDCHECK_SEED=0xbeef\n  reproduce: CARDCHECK_SEED=0xbeef swift test --filter 'WidgetsTests'\n")
        try write("test.log", """
            property "sums stay small" failed after 12 cases and 30 shrinks
              reproduce: CARDCHECK_SEED=0x2a swift test --filter 'FleetCardTests.sums'
            ✘ Test "sums stay small" failed
              reproduce: CARDCHECK_SEED=0x2a swift test --filter 'FleetCardTests.sums'

            """)
        let script = fm.currentDirectoryPath + "/.ci/property-failures"
        #expect(try Self.run("/bin/bash", [script, "test.log", "out"], in: root) == 0)
        let replay = try String(contentsOfFile: root + "/out/REPLAY.md", encoding: .utf8)
        #expect(replay.contains("""
            ```sh
            CARDCHECK_SEED=0x2a swift test --filter 'FleetCardTests.sums'
            CARDCHECK_SEED=0xbeef swift test --filter 'WidgetsTests'
            ```
            """))
        #expect(replay.contains("- Tests/Corpus/Widgets/new-failure.json"))
        #expect(!replay.contains("old.json"))
        #expect(fm.fileExists(atPath: root + "/out/corpus/Tests/Corpus/Widgets/new-failure.json"))
        #expect(!fm.fileExists(atPath: root + "/out/corpus/Tests/Corpus/Widgets/old.json"))
        #expect(fm.fileExists(atPath: root + "/out/seeds/crashing-property.txt"))
    }
}
