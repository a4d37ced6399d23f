import Foundation

/// The directories commands write into: saved traces, CI reports, checkpoints.
enum OutputDirectory {
    static let dashRefused = "-: a directory is expected (this writes files, not standard output); give a path such as ./-"

    static func notWritable(_ path: String) -> OutputError { OutputError("\(path): a folder this cardcheck cannot write into") }

    /// Creates `path` (and its parents) before any search runs, so a bad path fails first: one
    /// that cannot be created, or a folder that is not writable (read-only, another's), exit 4
    /// as an output not written after the run is; '' and '-' are bad input (exit 2).
    static func create(_ path: String) throws -> String {
        // "-" usually means standard output; files are written under a directory, never there.
        if path == "-" { throw CommandError(Self.dashRefused) }
        if path.isEmpty { throw CommandError("an empty folder name ('')") }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(CommandError.cannotWrite(path).description)
        }
        guard writable(path) else { throw notWritable(path) }
        return path
    }

    /// Whether a file can be made in `path`, tried by making (and removing) one: permissions
    /// alone do not tell (root, a read-only mount, /proc).
    static func writable(_ path: String) -> Bool {
        let probe = path + "/.cardcheck-write-probe-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        close(fd)
        unlink(probe)
        return true
    }

    /// Creates a folder under one checked before the run (a story's): a failure now is an
    /// output not written (exit 4), not bad input.
    static func createAfterRun(_ path: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotWrite(path)
        }
        return path
    }
}
