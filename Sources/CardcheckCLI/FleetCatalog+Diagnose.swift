import Explorer
import FleetModel
import Foundation

extension FleetCatalog {
    /// The log `bytes` (named `path`) read strictly; a malformed line is one line (exit 2).
    static func readLog(_ bytes: [UInt8], path: String, request: DiagnoseRequest) throws -> FleetLog {
        do {
            return try FleetLogFile.read(bytes, strict: request.strict)
        } catch let error as FleetLogFile.Failure {
            throw ServerLogError(error.message(path))
        }
    }

    /// The search options `request` asks for on `model`; a flag the log or the model refuses
    /// (`--events`, `--breaking`) is one line (exit 2).
    static func diagnosisOptions(_ model: FleetSystem, _ log: FleetLog, path: String, request: DiagnoseRequest) throws -> FleetDiagnosis.Options {
        var options = FleetDiagnosis.Options()
        // A behaviour of the configuration may spend its whole world budget in one gap.
        options.gapWorldBudget = max(options.gapWorldBudget, model.config.bounds.worldBudget)
        if let n = request.gapSteps { options.gapSteps = n }
        if let n = request.gapBudget { options.gapWorldBudget = n }
        if let n = request.maxStates { options.maxStates = n }
        options.reuseRuns = !request.noReuse
        options.window = !request.fromStart
        options.windowWorldBudget = model.config.bounds.worldBudget
        if let kinds = request.events {
            for k in kinds where !FleetFileLogEvent.kinds.contains(k) {
                throw ServerLogError("--events: unknown event kind '\(StrictJSON.shortened(k))' (one of: \(FleetFileLogEvent.kinds.joined(separator: ", ")))")
            }
            // A line of a kind the build is said not to write contradicts --events.
            if let line = log.lines.first(where: { !kinds.contains($0.event.kind) }) {
                throw ServerLogError("\(path): line \(line.number): $.event: \"\(line.event.kind)\" is not among the kinds --events says the build wrote")
            }
            options.events = Set(kinds)
        }
        if let name = request.breaking {
            let known = FleetDiagnosisReport.breakable(model)
            if FleetDiagnosisReport.goals(model).contains(name) {
                throw ServerLogError("--breaking: '\(StrictJSON.shortened(name))' is a reachability goal: it is reached, not broken, so it cannot be asked (one of: \(known.joined(separator: ", ")))")
            }
            guard known.contains(name) else { throw ServerLogError(CommandError.unknownProperty(name, known: known).description) }
            options.breaking = name
        }
        return options
    }

    /// The progress lines a search of `log` says (nil: `request` reports none): every 1,024 log
    /// lines, and once a second while a search stays on few lines.
    static func watching(_ log: FleetLog, _ request: DiagnoseRequest) -> (
        progress: ((_ line: Int, _ candidates: Int) -> Void)?, heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) {
        let progress = request.report.map { say in
            { (line: Int, candidates: Int) in say("progress: line \(line + 1) of \(log.lines.count), \(candidates) candidate state(s)") }
        }
        let clock = ContinuousClock()
        var last = clock.now
        let heartbeat = request.report.map { say in
            { (line: Int, candidates: Int) in
                let now = clock.now
                guard now - last >= .seconds(1) else { return }
                last = now
                say("progress: searching at line \(line + 1) of \(log.lines.count), \(candidates) search state(s)")
            }
        }
        return (progress, heartbeat)
    }
}
