import CIRun
import Foundation

/// Where a CI command writes: `DIR/report.json` (schema: Schemas/cardcheck-ci-report.schema.json),
/// `DIR/junit.xml`, `DIR/summary.md`, and the counterexamples under `DIR/counterexamples/`.
enum CIFiles {
    static let report = "report.json"
    static let junit = "junit.xml"
    static let summary = "summary.md"
    static let counterexamples = "counterexamples"

    /// Writes the three report files, each whole or not at all, and prints the summary.
    static func write(_ report: CIReport, to directory: String, storyBase: String = "", console: Console) throws {
        let files: [(String, Data)] = [
            (Self.report, report.encoded()),
            (junit, Data(report.junit.utf8)),
            (summary, Data(report.markdown(storyBase: storyBase).utf8)),
        ]
        for (name, data) in files {
            let path = directory + "/" + name
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandError.cannotWrite(path)
            }
        }
        console.print(report.markdown(storyBase: storyBase).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        console.print("wrote \(directory)/\(Self.report), \(junit), \(summary)")
    }

    /// "i/n" with 1 ≤ i ≤ n.
    static func shard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, n <= 1000, (1...n).contains(i) else {
            throw CommandError("--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '\(text)'")
        }
        return (i, n)
    }
}
