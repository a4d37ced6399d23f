import ClassicModels
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

@Suite struct TraceFilesTests {
    @Test("a property name becomes a plain file name")
    func slug() {
        #expect(TraceFiles.fileName(for: "big is not the target") == "big-is-not-the-target.json")
        #expect(TraceFiles.fileName(for: "Mutual exclusion (2)") == "mutual-exclusion-2.json")
    }

    @Test("a trace that cannot be written is one line, and no file is left behind")
    func unwritable() throws {
        let scratch = Scratch()
        let trace = Trace(model: DieHard(), initialState: 0, steps: [.fillBig])
        let path = scratch.path + "/missing-dir/t.json"
        #expect(throws: OutputError.cannotWrite(path)) { try TraceFiles.write(trace, to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
