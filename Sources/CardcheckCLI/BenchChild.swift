import Foundation

/// One measured search of `cardcheck bench`, run as a child process (`bench --run`) so its peak
/// memory owes nothing to the searches before it. The parent waits, stops the child when it is
/// itself stopped (Foundation starts the child in its own process group, so a terminal's Ctrl-C
/// reaches the parent alone), and reads the child's figures line.
enum BenchChild {
    /// This executable (Linux: the running image itself, even if the file was rebuilt since).
    static var executable: String {
        #if os(Linux)
        "/proc/self/exe"
        #else
        Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    enum Outcome: Equatable {
        case figures(BenchFigures)
        /// The parent was stopped (Ctrl-C, SIGTERM); the child has been stopped too.
        case stopped
    }

    /// Runs `executable arguments` and returns the figures line it printed; `what` names the run
    /// in errors. Standard output and error are read together: the figures line, or the first
    /// line of what went wrong.
    static func run(_ executable: String, _ arguments: [String], what: String, stop: RunStop) throws -> Outcome {
        guard let lines = try output(executable, arguments, what: what, stop: stop) else { return .stopped }
        guard let figures = lines.lazy.compactMap(BenchFigures.init(line:)).first else {
            throw CommandError.benchChildFailed(what, "no figures line (\(BenchFigures.tag) ...) in its output")
        }
        return .figures(figures)
    }

    /// Runs `executable arguments` (in `directory`, or this process's) to its exit (0, or one of
    /// `accepting`) and returns the lines it printed (standard output and error together); nil
    /// when the parent was stopped meanwhile (the child is stopped too). A failing child throws,
    /// naming `what` and its first line of output.
    static func output(
        _ executable: String, _ arguments: [String], what: String, stop: RunStop, directory: String? = nil,
        accepting: Set<Int32> = [0]
    ) throws -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw CommandError.benchChildFailed(what, "cannot start \(executable)") }
        // Read on another thread: a crashing child may write more than a pipe holds.
        let output = OutputBox()
        let reader = Thread { output.set(pipe.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        try? pipe.fileHandleForWriting.close()
        var signalled = false
        while process.isRunning {
            if stop.signal.isRaised && !signalled {
                kill(process.processIdentifier, SIGKILL)  // it holds nothing, and cannot block this
                signalled = true
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        let text = String(decoding: output.wait(), as: UTF8.self)
        if stop.signal.isRaised { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        if process.terminationReason == .uncaughtSignal {
            throw CommandError.benchChildFailed(what, "killed by signal \(process.terminationStatus)")
        }
        guard accepting.contains(process.terminationStatus) else {
            var first = lines.first { !$0.isEmpty } ?? "no output"
            if first.hasPrefix("cardcheck: ") { first.removeFirst("cardcheck: ".count) }
            throw CommandError.benchChildFailed(what, "exit \(process.terminationStatus): \(first)")
        }
        return lines
    }

    /// The child's output, handed from the reading thread.
    private final class OutputBox: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        func set(_ d: Data) { data = d; done.signal() }
        func wait() -> Data { done.wait(); return data }
    }
}
