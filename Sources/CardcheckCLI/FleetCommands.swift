import Explorer
import FleetCard
import FleetModel
import Foundation

/// `cardcheck check CONFIG` and `cardcheck mutants CONFIG` for the fleet-card model.
public enum FleetCommands {
    public static let checkUsage = """
        usage: cardcheck check CONFIG.json [--threads N] [--depth N] [--budget N] [--count] [--write DIR]
          Searches the fleet model of CONFIG exhaustively within its bounds and prints, per property,
          holds / violated (expected or not) / unreached. --count also prints the exact number of
          behaviours (action sequences of length ≤ the depth bound): a second, single-threaded pass.
          --write DIR writes each violated property's minimized counterexample (Markdown story +
          JSON trace) into DIR.
          Exit 0 when everything is as the configuration expects, 1 otherwise, 2 on bad input.
        """
    public static let mutantsUsage = """
        usage: cardcheck mutants CONFIG.json [--threads N] [--only GUARD,...] [--write DIR]
          Switches each guard off in turn and prints the property class the explorer then finds
          (one that holds with every guard on), its depth and minimized length: the spec's guard
          table. --write DIR writes each row's counterexample into DIR.
          Exit 0 when every guard is killed, 1 otherwise, 2 on bad input.
        """

    struct Options {
        var config: String?
        var threads = ProcessInfo.processInfo.activeProcessorCount
        var write: String?
        var only: [String]?
        var depth: Int?
        var budget: Int?
        var count = false
    }

    static func message(_ text: String, _ console: Console) -> Int32 {
        console.error("cardcheck: \(text)")
        return 2
    }

    static func parse(_ arguments: [String], allowOnly: Bool) -> Result<Options, FleetCLIError> {
        var o = Options()
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--threads":
                guard let v = rest.popFirst(), let n = Int(v), n > 0 else { return .failure(.badValue("--threads")) }
                o.threads = n
            case "--depth", "--budget":
                guard let v = rest.popFirst(), let n = Int(v), n >= (arg == "--depth" ? 1 : 0) else {
                    return .failure(.badValue(arg))
                }
                if arg == "--depth" { o.depth = n } else { o.budget = n }
            case "--count" where !allowOnly:
                o.count = true
            case "--write":
                guard let v = rest.popFirst() else { return .failure(.badValue("--write")) }
                o.write = v
            case "--only" where allowOnly:
                guard let v = rest.popFirst() else { return .failure(.badValue("--only")) }
                let names = v.split(separator: ",").map(String.init)
                if let bad = names.first(where: { !Guards.names.contains($0) }) {
                    return .failure(.unknownGuard(bad))
                }
                o.only = names
            default:
                if arg.hasPrefix("-") || o.config != nil { return .failure(.unexpected(arg)) }
                o.config = arg
            }
        }
        return .success(o)
    }

    static func load(_ o: Options) -> Result<FleetConfig, FleetCLIError> {
        guard let path = o.config else { return .failure(.missingConfig) }
        do {
            var config = try FleetConfig.load(path: path)
            if let d = o.depth { config.bounds.depth = d }
            if let b = o.budget { config.bounds.worldBudget = b }
            return .success(config)
        } catch {
            return .failure(.config(error.description))
        }
    }

    /// `cardcheck check`.
    static func check(_ arguments: [String], console: Console) -> Int32 {
        if arguments.contains("--help") { console.print(checkUsage); return 0 }
        let options: Options, config: FleetConfig
        switch parse(arguments, allowOnly: false).flatMap({ o in load(o).map { (o, $0) } }) {
        case .failure(let e): return message(e.description, console)
        case .success(let (o, c)): (options, config) = (o, c)
        }
        let result = FleetCheck.run(
            config, threads: options.threads, count: options.count, progress: progressLine)
        console.print(result.summary)
        if let dir = options.write {
            for (name, trace) in result.violations {
                let stem = FleetCounterexamples.stem(name)
                let small = FleetCounterexamples.minimized(trace, model: result.model)
                do {
                    try FleetCounterexamples.write(small, model: result.model, to: dir, stem: stem)
                } catch {
                    return message(FleetCLIError.cannotWrite(dir).description, console)
                }
                console.print("wrote \(dir)/\(stem).md and .json (\(small.steps.count) steps)")
            }
        }
        return result.passed ? 0 : 1
    }

    /// `cardcheck mutants`.
    static func mutants(_ arguments: [String], console: Console) -> Int32 {
        if arguments.contains("--help") { console.print(mutantsUsage); return 0 }
        let options: Options, config: FleetConfig
        switch parse(arguments, allowOnly: true).flatMap({ o in load(o).map { (o, $0) } }) {
        case .failure(let e): return message(e.description, console)
        case .success(let (o, c)): (options, config) = (o, c)
        }
        let result = FleetMutants.run(config, threads: options.threads, only: options.only) { line in
            console.error("  \(line)")
        }
        console.print(result.table)
        if let dir = options.write {
            for row in result.rows {
                guard let trace = row.trace, let property = row.property else { continue }
                let stem = FleetCounterexamples.stem(property, guardOff: row.guardName)
                do {
                    try FleetCounterexamples.write(
                        trace, model: row.model, to: dir, stem: stem, title: "\(property) with \(row.guardName) off")
                } catch {
                    return message(FleetCLIError.cannotWrite(dir).description, console)
                }
            }
        }
        console.print(result.allKilled ? "every guard killed" : "SOME GUARD NOT KILLED")
        return result.allKilled ? 0 : 1
    }

    static let progressLine: @Sendable (SearchProgress) -> Void = { p in
        guard isatty(2) != 0 else { return }
        FileHandle.standardError.write(Data(
            "\r  \(p.distinctStates) states, frontier \(p.frontier), depth \(p.depth), \(Int(p.statesPerSecond)) states/s   ".utf8))
    }
}

/// Bad command-line input for the fleet commands: one line, exit code 2.
public enum FleetCLIError: Error, CustomStringConvertible, Equatable {
    case missingConfig
    case badValue(String)
    case unexpected(String)
    case unknownGuard(String)
    case config(String)
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .missingConfig: "missing the configuration file (e.g. Models/fleet-card.json)"
        case .badValue(let flag): "\(flag) needs a value (--threads: a positive integer)"
        case .unexpected(let arg): "unexpected argument '\(arg)'"
        case .unknownGuard(let name): Guards.unknownGuardMessage(name)
        case .config(let line): line
        case .cannotWrite(let dir): "cannot write counterexamples into \(dir)"
        }
    }
}
