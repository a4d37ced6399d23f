import Foundation

/// The files behind `Profile.SeedLog.file`: one per running property, overwritten with its
/// case in progress before the case runs and removed when the property ends. A trap ends the
/// process with no report, so the files it leaves name the cases that were running.
final class SeedFiles: @unchecked Sendable {
    /// The process's files, in `defaultDirectory()`.
    static let shared = SeedFiles(directory: defaultDirectory())

    let directory: URL
    private let lock = NSLock()
    private var announced = false

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
            defer { announced = true }
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
