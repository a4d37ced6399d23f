import Foundation

/// The directories commands write into: saved traces, CI reports, checkpoints.
enum OutputDirectory {
    static let dashRefused = "-: a directory is expected (this writes files, not standard output); give a path such as ./-"

    /// Creates `path` (and its parents) before any search runs, so a bad path fails first.
    static func create(_ path: String) throws -> String {
        // "-" usually means standard output; files are written under a directory, never there.
        if path == "-" { throw CommandError(Self.dashRefused) }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError.cannotWrite(path)
        }
        return path
    }
}
