import Foundation

/// Where a command writes: standard output for results, standard error for progress and
/// errors. Tests capture both.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then, unless asked).
    public let errorIsTerminal: Bool

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, errorIsTerminal: Bool) {
        writeOut = out
        writeErr = err
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and error.
    public static func standard() -> Console {
        Console(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    func print(_ line: String) { lock.withLock { writeOut(line) } }
    func print(_ lines: [String]) { lock.withLock { lines.forEach(writeOut) } }
    func error(_ line: String) { lock.withLock { writeErr(line) } }
}
