import CIRun
import Foundation

/// Where a CI command writes: `DIR/report.json` (schema: Schemas/cardcheck-ci-report.schema.json),
/// `DIR/junit.xml`, `DIR/summary.md`, `DIR/annotations.txt` (GitHub `::error` commands, one a
/// line: `cat` it in a step) and the counterexamples under `DIR/counterexamples/`.
enum CIFiles {
    static let report = "report.json"
    static let junit = "junit.xml"
    static let summary = "summary.md"
    static let annotations = "annotations.txt"
    static let counterexamples = "counterexamples"

    /// Writes the three report files, each whole or not at all, and prints the summary. Story
    /// links get `storyBase` in front; a story's text is read from `storyRoot` + its path (for
    /// the JUnit failure's body); `baselinePath` is the accepted-findings file judged against.
    static func write(
        _ report: CIReport, to directory: String, storyBase: String = "", storyRoot: String = "",
        baselinePath: String? = nil, models: String = "Models", console: Console
    ) throws {
        let baseline = baselinePath ?? Baseline.defaultPath
        let summary = report.markdown(storyBase: storyBase, baselinePath: baseline)
        let junit = report.junit(storyBase: storyBase) { path in
            let text = FileManager.default.contents(atPath: storyRoot + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let annotations = report.annotations(models: models, baselinePath: baseline, storyBase: storyBase) { path in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
        let files: [(String, Data)] = [
            (Self.report, report.encoded()),
            (Self.junit, Data(junit.utf8)),
            (Self.summary, Data(summary.utf8)),
            (Self.annotations, Data(annotations.map { $0 + "\n" }.joined().utf8)),
        ]
        for (name, data) in files {
            let path = directory + "/" + name
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandError.cannotWrite(path)
            }
        }
        console.print(summary.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        console.print("wrote \(directory)/\(Self.report), \(Self.junit), \(Self.summary), \(Self.annotations)")
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
