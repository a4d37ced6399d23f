import Foundation

/// Where a command writes: standard output for results, standard error for progress and
/// errors. Tests capture both. A write that fails (a full disk, a closed stream) is remembered,
/// never a trap: the command ends with `ExitCode.outputFailed`.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: (String) -> Bool
    private let writeErr: (String) -> Bool
    private var outFailed = false
    private var errFailed = false
    /// Whether standard error is a terminal (progress is shown only then, unless asked).
    public let errorIsTerminal: Bool

    /// A console over two writers that say whether the line was written.
    public init(out: @escaping (String) -> Bool, err: @escaping (String) -> Bool, errorIsTerminal: Bool) {
        writeOut = out
        writeErr = err
        self.errorIsTerminal = errorIsTerminal
    }

    /// A console over two writers that cannot fail (tests).
    public convenience init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, errorIsTerminal: Bool) {
        self.init(out: { out($0); return true }, err: { err($0); return true }, errorIsTerminal: errorIsTerminal)
    }

    /// The process's standard output and error, written with `write(2)` so a failure is an error
    /// code, not a Foundation exception.
    public static func standard() -> Console {
        Console(
            out: { writeAll(STDOUT_FILENO, $0 + "\n") },
            err: { writeAll(STDERR_FILENO, $0 + "\n") },
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    /// Whether a write to standard output failed (later lines are dropped).
    public var outputFailed: Bool { lock.withLock { outFailed } }
    /// Whether a write to standard error failed.
    public var errorFailed: Bool { lock.withLock { errFailed } }

    func print(_ line: String) { lock.withLock { if !outFailed { outFailed = !writeOut(line) } } }
    func print(_ lines: [String]) { lines.forEach(print) }
    func error(_ line: String) { lock.withLock { if !errFailed { errFailed = !writeErr(line) } } }
}
