import Explorer
import FleetModel
import Foundation

extension FleetCatalog {
    /// The committed fleet worlds `diagnose LOG` tries with no `--config`, in order: the
    /// catalog entry's data (`ServerLog.worlds`, `FleetCatalog.worlds`).
    static var diagnoseWorlds: [String] { entry.diagnoseWorlds }

    /// The folder the committed worlds are read from (the working directory's, as `--config`'s default).
    static let worldsFolder = "Models"

    /// `diagnose LOG` with no `--config`: the log tried in each committed world (or those
    /// `names` lists, in the catalog's order), one line per world and a summary. Bad input (the
    /// log, a world's file, a flag no world takes) is refused before any search.
    static func diagnoseInWorlds(_ request: DiagnoseRequest, names: [String]?, console: Console) throws -> Int32 {
        if let names {
            for name in names where !diagnoseWorlds.contains(name) {
                throw CommandError("--worlds: unknown world '\(StrictJSON.shortened(name))' (one of: \(diagnoseWorlds.joined(separator: ", ")))")
            }
        }
        let data = try ConfigFile.read(request.logPath, allowEmpty: true)
        let path = request.logPath
        let request = request.reporting(to: console)
        let log: FleetLog
        var worlds: [FleetWorldsDiagnosis.World] = []
        do {
            log = try ServerLog.read(logFormat, [UInt8](data), path: path, request: request)
            for name in diagnoseWorlds where names?.contains(name) ?? true {
                let file = try ConfigFile(path: "\(worldsFolder)/\(name).json")
                guard file.entry.name == FleetCatalog.name else { throw CommandError.noServerLog(file.path, file.entry.name) }
                _ = try file.open()  // a configuration the model refuses: one line naming its file
                let model = try FleetSystem(configuration: file.configuration)
                worlds.append(.init(name: name, path: file.path, model: model, options: try ServerLog.options(logFormat, model, log, path: path, request: request)))
            }
        } catch let error as ServerLogError {
            throw CommandError(error.message)
        }
        let stop = RunStop()
        let reason = stop.reason
        let watch = ServerLog<FleetSystem>.watching(log, request)
        let result = stop.during(timeLimit: request.timeLimit) {
            FleetWorldsDiagnosis.make(
                worlds, log, path: path, stop: stop.signal, reason: reason, progress: request.report,
                search: watch.progress, heartbeat: watch.heartbeat)
        }
        console.print(result.lines)
        // A stop (the time limit, a signal) leaves worlds not tried: its code, whatever the others said.
        let open = result.findings.contains {
            switch $0.finding {
            case .notDecided, .notTried: true
            default: false
            }
        }
        if open, let code = stop.exitCode { return code }
        switch result.verdict {
        case .admitted: return ExitCode.pass
        case .refused, .noEvidence: return ExitCode.fail
        case .notDecided: return ExitCode.partial
        }
    }
}
