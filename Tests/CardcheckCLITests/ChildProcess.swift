import Foundation
@testable import CardcheckCLI

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

extension ChildProcess {
    /// Starts `argv` (`argv[0]` a path, or a name found on PATH) with SIGINT and SIGTERM at
    /// their defaults, blocked from exec when `blockingSignals` (as a spawner's mask is
    /// inherited), else unblocked (this test process blocks them once a run has read signals);
    /// standard output to the file `stdout`, standard error discarded, `environment` added.
    static func spawn(_ argv: [String], stdout: String, blockingSignals: Bool = false,
                      environment: [String: String] = [:]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        if blockingSignals {
            sigaddset(&mask, SIGINT)
            sigaddset(&mask, SIGTERM)
        }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { (envp + args).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, argv[0], &actions, &attributes, args, envp) == 0 else {
            throw CommandError("cannot start \(argv[0])")
        }
        return pid
    }
}

