import Explorer
import Foundation

/// The single files a command was asked to write (`replay --log`, `bench --record`) and the
/// fixed names it writes in its folders, checked before anything runs: a path that is not a
/// file name, or names something other than a regular file (a device, a FIFO, a socket, a
/// directory), is bad input (exit 2); a place no file can be written to is exit 4, as it would
/// be after the run.
enum OutputFile {
    /// Checks `path`, given with `flag`, and tries a write beside it (made and removed).
    static func check(_ path: String, flag: String) throws -> String {
        if path.isEmpty { throw CommandError("\(flag): an empty file name ('')") }
        // "-" usually means standard output; this writes a file, never there.
        if path == "-" { throw CommandError("\(flag): '-' is not a file name here (this writes a file, not standard output); give a path such as ./-") }
        try refuseSpecial(path)
        do { try AtomicFile.probe(path) } catch { throw OutputError.failed(error) }
        return path
    }

    /// Refuses (exit 2) a path whose place is taken by something that is not a regular file,
    /// which writing the file would replace.
    static func refuseSpecial(_ path: String) throws {
        if let kind = AtomicFile.notRegular(path) { throw CommandError(AtomicFile.notRegularLine(path, kind)) }
    }
}
