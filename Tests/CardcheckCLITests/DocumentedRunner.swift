import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import CardcheckCLI

/// Runs one page's documented commands in order, as a reader would paste them, with what they
/// write sent to a scratch directory and the long searches capped (below), and collects a line
/// for each that fails. `cardcheck` runs as the built executable; `swift test --filter F` must select
/// a test; `bash FILE` needs the file; `NAME=value` needs a variable the code reads.
final class DocumentedRunner {
    let scratch = Scratch()
    private(set) var failures: [String] = []
    private(set) var commandsRun = 0
    private var variables: [String: String] = [:]
    private let page: String

    init(page: String) { self.page = page }

    /// Options whose value is a path cardcheck writes: sent into the scratch directory.
    static let outputOptions: Set<String> = ["--write", "--save", "--out", "--checkpoint"]
    /// Shell commands that only pass text along a pipe.
    static let plumbing: Set<String> = ["grep", "cat", "echo", "head", "tail", "sort", "wc"]

    /// How each long-running subcommand is cut short: an option set (or replaced) to a small
    /// value, so the command still parses, opens its files and starts its search. A check that
    /// saves its traces (`--save`) runs to 2,000 states, so a small model's runs whole and a
    /// later `replay` reads what it saved. `bench` has no such option; its flags are checked
    /// against its `--help` instead.
    func capped(_ subcommand: String, _ args: [String]) -> [String] {
        switch subcommand {
        case "check" where args.contains { $0 == "--save" || $0.hasPrefix("--save=") }:
            Self.setting("--max-states", "2000", in: args)
        case "check", "mutants": Self.setting("--max-states", "1", in: args)
        case "simulate": Self.setting("--walks", "1", in: args)
        case "pr", "nightly":
            Self.setting("--time-limit", "1", in: args)
                + (args.contains { $0 == "--out" || $0.hasPrefix("--out=") } ? [] : ["--out", scratch.path + "/cardcheck-" + subcommand])
        case "bench-harness" where args.contains("--challenge"): Self.setting("--seeds", "1", in: args)
        case "bench-harness" where args.contains("--big"): Self.setting("--elements", "300", in: args)
        case "bench-harness": Self.setting("--failures", "2", in: Self.setting("--cases", "200", in: args))
        default: args
        }
    }

    static func setting(_ option: String, _ value: String, in args: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < args.count {
            if args[i] == option { i += 2; continue }
            if !args[i].hasPrefix(option + "=") { out.append(args[i]) }
            i += 1
        }
        return out + [option, value]
    }

    func run(_ statements: [DocumentedShell.Statement]) {
        for statement in statements {
            switch statement {
            case .loop(let variable, let over, let body):
                for item in over.flatMap(expand) {
                    variables[variable] = item
                    run(body)
                }
            case .pipeline(let stages, let line):
                for stage in stages { runStage(stage.flatMap(expand), line: line) }
            }
        }
    }

    /// A word's text with its variables filled in (split on spaces when unquoted) and a glob
    /// matched in the scratch directory first, then the repository.
    func expand(_ word: DocumentedShell.Word) -> [String] {
        var text = "", split = false, star = false
        for piece in word.pieces {
            switch piece {
            case .text(let t): text += t
            case .variable(let name, let quoted): text += variables[name] ?? ""; split = split || !quoted
            case .star: text += "*"; star = true
            }
        }
        if star { return glob(scratch.path + "/" + text) ?? glob(text) ?? [text] }
        return split ? text.split(separator: " ").map(String.init) : [text]
    }

    private func glob(_ pattern: String) -> [String]? {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard Glibc.glob(pattern, 0, nil, &matches) == 0 else { return nil }
        return (0..<Int(matches.gl_pathc)).compactMap { matches.gl_pathv[$0].map { String(cString: $0) } }
    }

    private func fail(_ line: Int, _ words: [String], _ why: String) {
        failures.append("\(page):\(line): `\(words.joined(separator: " "))` \(why)")
    }

    private func runStage(_ words: [String], line: Int) {
        var words = words[...]
        while let first = words.first, let eq = first.firstIndex(of: "="), first[..<eq].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }) {
            let name = String(first[..<eq])
            if words.count == 1 { variables[name] = String(first[first.index(after: eq)...]); return }
            if !Self.codeReads(name) { fail(line, Array(words), "sets \(name), which no source or test reads") }
            words.removeFirst()
        }
        guard let command = words.first else { return }
        let rest = Array(words.dropFirst())
        commandsRun += 1
        switch command {
        case "swift" where rest.first == "run":
            var args = rest.dropFirst()[...]
            while let flag = args.first, flag.hasPrefix("-") { args = args.dropFirst(flag.contains("=") ? 1 : 2) }
            guard args.first == "cardcheck" else { return fail(line, Array(words), "runs a product other than cardcheck") }
            runCardcheck(Array(args.dropFirst()), line: line, shown: Array(words))
        case "swift" where rest.first == "test":
            if let filter = Self.value(of: "--filter", in: rest), !Self.selectsATest(filter) {
                fail(line, Array(words), "selects no test: no target, type or test function matches '\(filter)'")
            }
        case "swift" where rest.first == "build":
            break
        case "bash":
            if !FileManager.default.fileExists(atPath: rest.first ?? "") { fail(line, Array(words), "names no file") }
        case "mpirun":
            // `mpirun [its options] …/cardcheck-mpi check …`: the same check, run here by
            // `cardcheck` in one process (DistributedCheckTests runs it under mpirun).
            guard let at = rest.firstIndex(where: { $0.hasSuffix("cardcheck-mpi") }) else {
                return fail(line, Array(words), "runs no cardcheck-mpi")
            }
            runCardcheck(Array(rest[(at + 1)...]), line: line, shown: Array(words))
        case "cardcheck", ".build/release/cardcheck", ".build/debug/cardcheck", "bin/cardcheck":
            runCardcheck(rest, line: line, shown: Array(words))
        case _ where Self.plumbing.contains(command):
            break
        default:
            fail(line, Array(words), "is not a command this test knows how to run (teach DocumentedRunner)")
        }
    }

    private func runCardcheck(_ args: [String], line: Int, shown: [String]) {
        guard let subcommand = args.first else { return fail(line, shown, "names no subcommand") }
        if subcommand == "bench", !args.contains("--help") {
            let help = CardcheckCommand.subcommands.first { $0.name == "bench" }?.help ?? ""
            for flag in args where flag.hasPrefix("--") && !help.contains(flag.split(separator: "=")[0]) {
                fail(line, shown, "passes \(flag), which `cardcheck bench --help` does not list")
            }
            return
        }
        var mapped: [String] = []
        var i = 1
        while i < args.count {
            let arg = args[i]
            if Self.outputOptions.contains(arg), i + 1 < args.count {
                mapped += [arg, scratchPath(args[i + 1])]
                i += 2
                continue
            }
            if let eq = arg.firstIndex(of: "="), Self.outputOptions.contains(String(arg[..<eq])) {
                mapped.append(String(arg[...eq]) + scratchPath(String(arg[arg.index(after: eq)...])))
            } else {
                mapped.append(arg.hasPrefix("/tmp/") ? scratchPath(arg) : arg)
            }
            i += 1
        }
        let (code, err) = Self.cardcheck([subcommand] + capped(subcommand, mapped))
        if ![0, 1, 3].contains(code) { fail(line, shown, "exited \(code): " + err) }
    }

    /// Where a path the command writes (or a `/tmp` path it reads back) lands: in the scratch directory.
    private func scratchPath(_ path: String) -> String {
        path.hasPrefix(scratch.path) ? path : scratch.path + (path.hasPrefix("/") ? "" : "/") + path
    }

    /// Runs the built `cardcheck` with `arguments`, as a reader would, in its own process (its
    /// time limit and signals work as they do for them): the exit code and what it wrote on stderr.
    static func cardcheck(_ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CIPipelineTests.executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        do { try process.run() } catch { return (-1, "cannot start \(CIPipelineTests.executable): \(error)") }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.split(separator: "\n").joined(separator: " / "))
    }

    static func value(of option: String, in args: [String]) -> String? {
        if let i = args.firstIndex(of: option), i + 1 < args.count { return args[i + 1] }
        return args.first { $0.hasPrefix(option + "=") }.map { String($0.dropFirst(option.count + 1)) }
    }

    /// Target folders, type names and function names under `Tests/`, what `--filter` matches.
    static let testNames: [String] = {
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: "Tests")?.compactMap { $0 as? String } ?? []
        for file in files {
            names.insert(String(file.split(separator: "/")[0]))
            guard file.hasSuffix(".swift"), let text = try? String(contentsOfFile: "Tests/" + file, encoding: .utf8) else { continue }
            // The word after each `struct`, `class`, `enum` or `func` (split by hand: a Regex over
            // every test file takes minutes in a debug build).
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (k, word) in words.enumerated().dropLast() where ["struct", "class", "enum", "func"].contains(word) {
                names.insert(String(words[k + 1]))
            }
        }
        return names.sorted()
    }()

    static func selectsATest(_ filter: String) -> Bool {
        guard let regex = try? Regex(filter) else { return false }
        return testNames.contains { $0.contains(regex) }
    }

    /// Every Swift file under `Sources/` and `Tests/`, to look up environment variable names.
    static let code: String = ["Sources", "Tests"].flatMap { root in
        (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
            .compactMap { try? String(contentsOfFile: root + "/" + $0, encoding: .utf8) }
    }.joined(separator: "\n")

    static func codeReads(_ variable: String) -> Bool { code.contains("\"" + variable + "\"") }
}
