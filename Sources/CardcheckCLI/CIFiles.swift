import CIRun
import Explorer
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

    /// Writes the four report files as one: each goes to its temporary file first, and only
    /// when all are written are they renamed into place; else none is (exit 4). Then prints the
    /// summary (unless `printed` is false). Story links get `storyBase` in front; a story's text is read from `storyRoot` +
    /// its path (for the JUnit failure's body); `baselinePath` is the baseline judged against.
    static func write(
        _ report: CIReport, to directory: String, storyBase: String = "", storyRoot: String = "",
        baselinePath: String? = nil, models: String = "Models", console: Console, summary printed: Bool = true
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
        // A file's place taken by a folder (or a device, a FIFO) since the run began would fail
        // its rename after the others: refused first.
        for (name, _) in files {
            if let kind = AtomicFile.notRegular(directory + "/" + name) {
                throw OutputError(AtomicFile.notRegularLine(directory + "/" + name, kind))
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
        if printed { console.print(summary.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)) }
        console.print("wrote \(directory)/\(Self.report), \(Self.junit), \(Self.summary), \(Self.annotations)")
    }

    /// Refuses (exit 2), before anything runs, a report file's place in `directory` taken by
    /// something that is not a regular file.
    static func refuseSpecial(in directory: String) throws -> String {
        for name in [report, junit, summary, annotations] { try OutputFile.refuseSpecial(directory + "/" + name) }
        return directory
    }

    /// "i/n" with 1 ≤ i ≤ n ≤ 1000, as `CIReport` reads a shard.
    static func shard(_ text: String) throws -> (index: Int, count: Int) {
        guard let shard = CIReport.shard(text) else {
            throw CommandError("--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '\(StrictJSON.shortened(text))'")
        }
        return shard
    }
}
