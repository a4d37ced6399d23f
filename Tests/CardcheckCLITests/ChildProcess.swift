import Foundation

/// Runs a configured process to its end with standard error discarded: its exit code and
/// standard output. The one copy the CLI tests that start `cardcheck` or `mpirun` share.
enum ChildProcess {
    static func output(of process: Process) throws -> (code: Int32, out: String) {
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `executable arguments`, in `directory` when one is given.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (code: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        return try output(of: process)
    }
}
