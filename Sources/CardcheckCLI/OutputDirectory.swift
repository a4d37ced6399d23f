import Foundation

/// The directories commands write into: saved traces, CI reports, checkpoints.
enum OutputDirectory {
    /// Creates `path` (and its parents) before any search runs, so a bad path fails first.
    static func create(_ path: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError.cannotWrite(path)
        }
        return path
    }
}
