import Testing
@testable import CardcheckCLI

@Suite struct ConfigFileTests {
    let scratch = Scratch()

    @Test("a missing file is one line naming it")
    func missing() {
        #expect(throws: CommandError("/nonexistent/m.json: no such file")) { try ConfigFile(path: "/nonexistent/m.json") }
    }

    @Test("a truncated file is one line naming it")
    func truncated() {
        let path = scratch.file("t.json", "{ \"model\": \"die-ha")
        #expect(throws: CommandError("\(path): not valid JSON: $.model: truncated (a string is not closed)")) { try ConfigFile(path: path) }
    }

    @Test("a file without a model key lists the models it could name")
    func noModel() {
        let path = scratch.file("n.json", "{ \"resourceManagers\": 3 }")
        let names = ModelCatalog.names.joined(separator: ", ")
        #expect(throws: CommandError("\(path): no \"model\" key (one of: \(names))")) { try ConfigFile(path: path) }
    }

    @Test("an unknown model is one line with the known ones")
    func unknownModel() {
        let path = scratch.file("u.json", "{ \"model\": \"three-phase-commit\" }")
        let names = ModelCatalog.names.joined(separator: ", ")
        #expect(throws: CommandError("\(path): unknown model \"three-phase-commit\" (one of: \(names))")) {
            try ConfigFile(path: path)
        }
    }

    @Test("a value the model refuses names the key and the reason")
    func badValue() throws {
        let path = scratch.file("b.json", "{ \"model\": \"two-phase-commit\", \"resourceManagers\": 40 }")
        let file = try ConfigFile(path: path)
        #expect(throws: CommandError("\(path): $.resourceManagers: must be between 1 and 12, got 40")) { try file.open() }
        let missing = scratch.file("m.json", "{ \"model\": \"two-phase-commit\" }")
        #expect(throws: CommandError("\(missing): $.resourceManagers: missing")) { try ConfigFile(path: missing).open() }
    }
}
