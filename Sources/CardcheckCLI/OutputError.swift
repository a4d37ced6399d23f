import Explorer
import Foundation

/// A file the command was asked to write (`--save`, `--write`, `--out`, a checkpoint) could not
/// be written after the work was done: a full disk, a folder made read-only meanwhile. One line
/// naming the file; the command exits 4 (`ExitCode.outputFailed`), after its report.
struct OutputError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    static func cannotWrite(_ path: String) -> Self { Self("\(path): cannot write (disk full or folder not writable)") }
    static func checkpoint(_ problem: String) -> Self { Self(problem) }
    /// A write `AtomicFile` refused or could not make: the path, and why when it says.
    static func failed(_ failure: AtomicFile.Failure) -> Self { Self(failure.description) }
    /// Writes `data` to `path` whole or not at all; the one line when it cannot be.
    static func write(_ data: Data, to path: String) throws(OutputError) {
        do { try AtomicFile.write(data, to: path) } catch { throw failed(error) }
    }
}
