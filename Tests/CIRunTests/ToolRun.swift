import Foundation
import Testing

/// Runs a tool found on PATH and collects its exit code and output (stdout and stderr
/// together): the one way the CI tests start the linters, git and swift.
enum ToolRun {
    /// The full path of `tool` on PATH, nil when absent.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `arguments` (the first looked up on PATH; `missing` is what the failure says when it
    /// is not there) in `directory` when given, with `environment` when given, else this process's.
    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil, missing: String
    ) throws -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(which(arguments[0]), "\(arguments[0]) is not on PATH\(missing)"))
        process.arguments = Array(arguments.dropFirst())
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
