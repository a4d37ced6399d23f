import Explorer

/// A file the command was asked to write (`--save`, `--write`, `--out`, a checkpoint) could not
/// be written after the work was done: a full disk, a folder made read-only meanwhile. One line
/// naming the file; the command exits 4 (`ExitCode.outputFailed`), after its report.
struct OutputError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    static func cannotWrite(_ path: String) -> Self { Self("\(path): cannot write (disk full or folder not writable)") }
    static func checkpoint(_ problem: String) -> Self { Self(problem) }
}
