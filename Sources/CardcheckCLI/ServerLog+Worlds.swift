import Explorer
import Foundation

/// How `diagnose LOG` with no `--config` came out over the worlds tried (the exit code follows it).
public enum DiagnoseWorldsVerdict: Sendable, Equatable {
    /// At least one world admits the log.
    case admitted
    /// Every world was decided, and none admits it.
    case refused
    /// No world tried admits it, and some were not decided or not tried.
    case notDecided
    /// No line of a kind the model knows: no world was tried.
    case noEvidence
}

/// A model's answer over its committed worlds: the report's lines, the verdict, and whether
/// some world was left open (not decided, not tried), which a stop's exit code then overrides.
public struct DiagnoseWorldsResult: Sendable {
    public var lines: [String]
    public var verdict: DiagnoseWorldsVerdict
    public var open: Bool
    public init(lines: [String], verdict: DiagnoseWorldsVerdict, open: Bool) {
        self.lines = lines
        self.verdict = verdict
        self.open = open
    }
}

/// One committed world a log is tried in: its name (the file's stem), its file, its model and
/// the search's options there.
public struct DiagnoseWorld<M: LogProjectedModel> {
    public var name: String
    public var path: String
    public var model: M
    public var options: TraceSearch<M>.Options
}

/// The model's judgement of a log over its worlds, in its words (the fleet's `FleetWorldsDiagnosis`):
/// `progress` hears a line as each world begins.
public typealias DiagnoseWorldsJudge<M: LogProjectedModel> = @Sendable (
    _ worlds: [DiagnoseWorld<M>], _ log: M.Log, _ path: String, _ watch: TraceWatch, _ progress: ((String) -> Void)?
) -> DiagnoseWorldsResult

extension ServerLog where M: LogProjectedModel {
    /// The folder the committed worlds are read from (the working directory's, as `--config`'s default).
    static var worldsFolder: String { "Models" }

    /// `diagnose LOG` with no `--config`: the log tried in each of `worlds` (or those `names`
    /// lists, in `worlds`' order), each `Models/NAME.json` a configuration of the model called
    /// `entry` built by `decode`, judged by `judge`. Bad input (the log, a world's file, a flag
    /// no world takes) is refused before any search.
    static func diagnoseInWorlds(
        _ request: DiagnoseRequest, names: [String]?, worlds: [String], entry: String,
        decode: @Sendable (JSONValue) throws -> M, format: TraceLogFormat<M>, judge: DiagnoseWorldsJudge<M>, console: Console
    ) throws -> Int32 {
        if let names {
            for name in names where !worlds.contains(name) {
                throw CommandError("--worlds: unknown world '\(StrictJSON.shortened(name))' (one of: \(worlds.joined(separator: ", ")))")
            }
        }
        let data = try ConfigFile.read(request.logPath, allowEmpty: true)
        let path = request.logPath
        let request = request.reporting(to: console)
        let log: M.Log
        var tried: [DiagnoseWorld<M>] = []
        do {
            log = try read(format, [UInt8](data), path: path, request: request)
            for name in worlds where names?.contains(name) ?? true {
                let file = try ConfigFile(path: "\(worldsFolder)/\(name).json")
                guard file.entry.name == entry else { throw CommandError.noServerLog(file.path, file.entry.name) }
                _ = try file.open()  // a configuration the model refuses: one line naming its file
                let model = try decode(file.configuration)
                tried.append(.init(name: name, path: file.path, model: model, options: try options(format, model, log, path: path, request: request)))
            }
        } catch let error as ServerLogError {
            throw CommandError(error.message)
        }
        let stop = RunStop()
        let reason = stop.reason
        let watch = watching(log, request)
        let result = stop.during(timeLimit: request.timeLimit) {
            judge(tried, log, path, TraceWatch(stop: stop.signal, reason: reason, progress: watch.progress, heartbeat: watch.heartbeat), request.report)
        }
        console.print(result.lines)
        // A stop (the time limit, a signal) leaves worlds not tried: its code, whatever the others said.
        if result.open, let code = stop.exitCode { return code }
        switch result.verdict {
        case .admitted: return ExitCode.pass
        case .refused, .noEvidence: return ExitCode.fail
        case .notDecided: return ExitCode.partial
        }
    }
}
