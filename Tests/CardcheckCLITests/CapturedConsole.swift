import Foundation
@testable import CardcheckCLI

/// A console that keeps what a command prints, for exact assertions.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    lazy var console = Console(
        out: { [unowned self] line in lock.withLock { outLines.append(line) } },
        err: { [unowned self] line in lock.withLock { errLines.append(line) } },
        errorIsTerminal: false)

    var out: [String] { lock.withLock { outLines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } } }
    var err: [String] { lock.withLock { errLines } }

    /// Runs `cardcheck arguments...` and returns its exit code.
    func run(_ arguments: String...) -> Int32 { CardcheckCommand.run(arguments, console: console) }
}

/// A scratch directory, removed at deinit.
final class Scratch {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "cardcheck-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the directory and returns its path.
    func file(_ name: String, _ text: String) -> String {
        let p = path + "/" + name
        FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }
}
