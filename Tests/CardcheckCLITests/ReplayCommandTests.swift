import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

@Suite struct ReplayCommandTests {
    let scratch = Scratch()

    /// Die Hard's counterexample saved by `check`, as JSON text.
    func savedTrace() throws -> String {
        let dir = scratch.path + "/saved"
        _ = CapturedConsole().run("check", "Models/die-hard.json", "--save", dir)
        let data = try #require(FileManager.default.contents(atPath: dir + "/big-is-not-the-target.json"))
        return String(decoding: data, as: UTF8.self)
    }

    @Test("a missing trace file is one line, exit 2")
    func missing() {
        let c = CapturedConsole()
        #expect(c.run("replay", "/nonexistent/t.json") == 2)
        #expect(c.err == ["cardcheck: /nonexistent/t.json: no such file"])
    }

    @Test("a truncated trace file is one line, exit 2")
    func truncated() throws {
        let text = try savedTrace()
        let path = scratch.file("cut.json", String(text.prefix(text.count / 2)))
        let c = CapturedConsole()
        #expect(c.run("replay", path) == 2)
        #expect(c.err.count == 1)
        #expect(c.err.first?.hasPrefix("cardcheck: \(path): is not a trace: $.") == true)
        #expect(c.err.first?.contains("truncated") == true)
    }

    @Test("a trace of a model this build does not know is one line, exit 2")
    func otherModel() throws {
        let text = try savedTrace().replacingOccurrences(of: "\"model\" : \"die-hard\"", with: "\"model\" : \"water-jugs\"")
        let path = scratch.file("other.json", text)
        let c = CapturedConsole()
        #expect(c.run("replay", path) == 2)
        #expect(c.err.first?.hasPrefix("cardcheck: \(path): unknown model \"water-jugs\" (one of: ") == true)
    }

    @Test("a trace of a newer format is one line, exit 2")
    func newer() throws {
        let text = try savedTrace().replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 9")
        let path = scratch.file("newer.json", text)
        let c = CapturedConsole()
        #expect(c.run("replay", path) == 2)
        #expect(c.err == ["cardcheck: \(path): trace format 9 is newer than this cardcheck reads (1)"])
    }

    @Test("a trace whose step is no longer enabled says where it diverges, exit 1")
    func diverged() throws {
        // The solution starts fillBig, bigToSmall; emptying the small jug first makes step 2
        // pour into an empty jug instead, so the recorded state after it differs.
        var json = try JSONValue(parsing: Data(try savedTrace().utf8))
        if case .object(var o) = json, case .array(var steps)? = o["steps"] {
            steps[0] = .string("fillSmall")
            o["steps"] = .array(steps)
            json = .object(o)
        }
        let path = scratch.file("edited.json", String(decoding: try json.data(), as: UTF8.self))
        let c = CapturedConsole()
        #expect(c.run("replay", path) == 1)
        #expect(c.out.last == "diverged: the state after step 1 differs from the recorded one")
    }
}
