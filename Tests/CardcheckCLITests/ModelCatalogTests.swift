import Foundation
import Explorer
import Testing
@testable import CardcheckCLI

@Suite struct ModelCatalogTests {
    @Test("names are unique and sorted for messages")
    func unique() {
        #expect(Set(ModelCatalog.names).count == ModelCatalog.entries.count)
        #expect(ModelCatalog.names == ModelCatalog.names.sorted())
    }

    @Test("each classic entry builds its model from the configuration in Models/", arguments: ["two-phase-commit", "die-hard", "flag-mutex"])
    func modelsFolder(name: String) throws {
        let file = try ConfigFile(path: "Models/\(name).json")
        #expect(file.entry.name == name)
        _ = try file.open()
    }
}

@Suite struct ModelCatalogNamesTests {
    @Test("each entry's name is its model's name, so saved traces find their entry again")
    func namesMatchModels() throws {
        for entry in ModelCatalog.entries {
            let file = "Models/\(entry.name).json"
            guard FileManager.default.fileExists(atPath: file) else { continue }
            let c = CapturedConsole()
            _ = c.run("check", file, "--depth", "1")
            #expect(c.out.first?.hasPrefix("\(entry.name): ") == true)
        }
    }
}
