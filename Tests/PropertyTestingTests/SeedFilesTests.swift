import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct SeedFilesTests {
    func temporaryFiles() -> SeedFiles {
        SeedFiles(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("cardcheck-seed-files-\(UUID().uuidString)"))
    }

    @Test("a write replaces the property's file, announcing the directory on the first write only")
    func writeReplaces() throws {
        let files = temporaryFiles()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        var log: [String] = []
        files.write("case 1\n", for: "a property", log: { log.append($0) })
        files.write("case 2\n", for: "a property", log: { log.append($0) })
        files.write("case 1\n", for: "another", log: { log.append($0) })
        #expect(try String(contentsOf: files.file(for: "a property"), encoding: .utf8) == "case 2\n")
        #expect(files.file(for: "a property").lastPathComponent == "a-property.txt")
        #expect(log == [HarnessMessage.seedFiles(files.directory.path)])
        files.remove(for: "a property")
        #expect(!FileManager.default.fileExists(atPath: files.file(for: "a property").path))
        #expect(FileManager.default.fileExists(atPath: files.file(for: "another").path))
    }

    @Test("when the file cannot be written the seed goes to the log instead")
    func unwritableFallsBackToLog() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("cardcheck-not-a-dir-\(UUID().uuidString)")
        try Data("a file".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        var log: [String] = []
        SeedFiles(directory: blocker).write("cardcheck: \"p\" case 1\n", for: "p", log: { log.append($0) })
        #expect(log == [HarnessMessage.seedFiles(blocker.path), "cardcheck: \"p\" case 1"])
    }
}
