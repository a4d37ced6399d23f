import CIRun
import Explorer
import Foundation

/// Where a CI command writes: `DIR/report.json` (schema: Schemas/cardcheck-ci-report.schema.json),
/// `DIR/junit.xml`, `DIR/summary.md`, and the counterexamples under `DIR/counterexamples/`.
enum CIFiles {
    static let report = "report.json"
    static let junit = "junit.xml"
    static let summary = "summary.md"
    static let counterexamples = "counterexamples"

    /// Writes the three report files as one: each goes to its temporary file first, and only
    /// when all three are written are they renamed into place; else none is (exit 4). Then
    /// prints the summary.
    static func write(_ report: CIReport, to directory: String, storyBase: String = "", console: Console) throws {
        let files: [(String, Data)] = [
            (Self.report, report.encoded()),
            (junit, Data(report.junit.utf8)),
            (summary, Data(report.markdown(storyBase: storyBase).utf8)),
        ]
        // A file's place taken by a folder would fail its rename after the others: refused first.
        for (name, _) in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue {
                throw OutputError.cannotWrite(directory + "/" + name)
            }
        }
        var staged: [(temporary: String, path: String)] = []
        for (name, data) in files {
            let path = directory + "/" + name
            let temporary = AtomicFile.temporary(for: path)
            do {
                try AtomicFile.write(data, to: temporary)
                staged.append((temporary, path))
            } catch {
                for file in staged { unlink(file.temporary) }
                throw OutputError.cannotWrite(path)
            }
        }
        for (i, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            for later in staged[i...] { unlink(later.temporary) }
            throw OutputError.cannotWrite(file.path)
        }
        console.print(report.markdown(storyBase: storyBase).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        console.print("wrote \(directory)/\(Self.report), \(junit), \(summary)")
    }

    /// "i/n" with 1 ≤ i ≤ n ≤ 1000, as `CIReport` reads a shard.
    static func shard(_ text: String) throws -> (index: Int, count: Int) {
        guard let shard = CIReport.shard(text) else {
            throw CommandError("--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '\(StrictJSON.shortened(text))'")
        }
        return shard
    }
}
