import Foundation
import Testing
@testable import CIRun

/// `Models/ci.json` and the accepted-findings baseline have JSON Schemas (for an editor or a
/// team's own checks); a real validator (check-jsonschema) holds the committed files to them, and
/// each broken copy below is refused by the schema and by cardcheck's own reader alike.
@Suite struct InputSchemaTests {
    static let profilesSchema = "Schemas/cardcheck-ci-profiles.schema.json"
    static let baselineSchema = "Schemas/cardcheck-accepted-findings.schema.json"

    /// Writes each text to a scratch file; returns the paths (the caller removes `dir`).
    static func files(_ texts: [String], in dir: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return try texts.enumerated().map { i, text in
            let path = dir + "/broken-\(i).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// The committed file fits `schema`; every broken copy is refused by it (each named in
    /// check-jsonschema's output) and by `read`.
    static func check(_ committed: String, schema: String, broken edits: [(String, String)], read: (String) throws -> Void) throws {
        let good = try LintTests.run("check-jsonschema", ["--schemafile", schema, committed])
        #expect(good.code == 0, "\(good.output)")
        let text = try String(contentsOfFile: committed, encoding: .utf8)
        let copies = edits.map { text.replacingOccurrences(of: $0.0, with: $0.1) }
        let dir = NSTemporaryDirectory() + "cardcheck-input-schema-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = try files(copies, in: dir)
        let bad = try LintTests.run("check-jsonschema", ["--schemafile", schema] + paths)
        #expect(bad.code != 0)
        for (path, (copy, edit)) in zip(paths, zip(copies, edits)) {
            #expect(copy != text, "\(edit.0) is not in \(committed)")
            #expect(bad.output.contains(path), "the schema accepts \(edit.0) -> \(edit.1)")
            #expect(throws: CIError.self, "the reader accepts \(edit.0) -> \(edit.1)") { try read(path) }
        }
    }

    @Test("Models/ci.json fits its schema; a shard count of 0, an unknown key, another version, a name with a folder, parts without a split level, a repeated world, a weight as a string do not, nor does the reader take them")
    func profiles() throws {
        try Self.check(CIProfiles.defaultPath, schema: Self.profilesSchema, broken: [
            ("\"shards\": 1", "\"shards\": 0"),
            ("{ \"configuration\": \"die-hard\" }", "{ \"configuration\": \"die-hard\", \"part\": 2 }"),
            ("\"version\": 1", "\"version\": 2"),
            ("\"configuration\": \"die-hard\"", "\"configuration\": \"../die-hard\""),
            ("{ \"configuration\": \"two-phase-commit\" }", "{ \"configuration\": \"two-phase-commit\", \"parts\": 2 }"),
            ("\"worlds\": [\"fleet-card-stale-cache\",", "\"worlds\": [\"fleet-card-stale-cache\", \"fleet-card-stale-cache\","),
            ("\"weight\": 2", "\"weight\": \"2\""),
        ]) { _ = try CIProfiles.load(path: $0) }
    }

    @Test("the accepted-findings baseline fits its schema; an entry without waitsOn, another format, a version as a string do not, nor does the reader take them")
    func baseline() throws {
        try Self.check(Baseline.defaultPath, schema: Self.baselineSchema, broken: [
            ("\"waitsOn\"", "\"waits\""),
            ("\"format\": \"cardcheck-accepted-findings\"", "\"format\": \"cardcheck-findings\""),
            ("\"version\": 1", "\"version\": \"1\""),
        ]) { _ = try Baseline.load(path: $0) }
    }
}
