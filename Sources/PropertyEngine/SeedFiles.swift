import Foundation

/// The files behind `Profile.SeedLog.file`: one per running property, written with its seed
/// when it starts (the seed reruns its cases in order) and with the failing case's seed before
/// a shrink, and removed when the property ends. A trap ends the process with no report, so
/// the files it leaves name the runs that were in progress.
final class SeedFiles: @unchecked Sendable {
    /// The process's files, in `defaultDirectory()`.
    static let shared = SeedFiles(directory: defaultDirectory())

    let directory: URL
    private let lock = NSLock()
    private var announced = false
    private var written = 0

    /// Files written so far (a run writes its seed once, and once per failure it shrinks).
    var writes: Int { lock.withLock { written } }

    init(directory: URL) {
        self.directory = directory
    }

    /// `.build/cardcheck-seeds` in the working directory (the package root under `swift test`),
    /// else a directory of that name in the temporary directory.
    static func defaultDirectory() -> URL {
        let build = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build")
        var isDirectory: ObjCBool = false
        let base = FileManager.default.fileExists(atPath: build.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? build : URL(fileURLWithPath: NSTemporaryDirectory())
        return base.appendingPathComponent("cardcheck-seeds")
    }

    func file(for property: String) -> URL {
        directory.appendingPathComponent(Corpus.slug(property) + ".txt")
    }

    /// Replaces `property`'s file with `text`. The first write of the process announces the
    /// directory through `log`; if the file cannot be written, `text` goes to `log` instead.
    func write(_ text: String, for property: String, log: (String) -> Void) {
        let announce: Bool = lock.withLock {
            defer { announced = true; written += 1 }
            return !announced
        }
        if announce {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            log(HarnessMessage.seedFiles(directory.path))
        }
        do {
            try Data(text.utf8).write(to: file(for: property), options: .atomic)
        } catch {
            log(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        }
    }

    /// Removes `property`'s file: the property ended without trapping.
    func remove(for property: String) {
        try? FileManager.default.removeItem(at: file(for: property))
    }
}

extension SeedFiles {
    /// Writes the whole of a shortened input (failure `failure` of `property`) next to the seed
    /// files, kept after the run; returns its path, or where the problem was said instead.
    func writeValue(_ text: String, for property: String, failure: Int, log: (String) -> Void) -> String {
        let url = directory.appendingPathComponent(Corpus.slug(property) + "-failure-\(failure).txt")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: url, options: .atomic)
            return url.path
        } catch {
            log(text)
            return "not written (\(error.localizedDescription)); printed to stderr"
        }
    }
}
