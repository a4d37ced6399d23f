import Explorer
import FleetModel
import Foundation

extension FleetCatalog {
    /// How `diagnose` reads and reports the fleet's `~/.lfg/liveactivity.log` (Docs/diagnose.md):
    /// the JSON-lines reader, the build's event kinds (`--events`), the configuration's world
    /// budget as the gap's and the window's, and the fleet's report.
    static let logFormat = TraceLogFormat<FleetSystem>(
        read: { bytes, path, strict in
            do {
                return try FleetLogFile.read(bytes, strict: strict)
            } catch let error as FleetLogFile.Failure {
                throw ServerLogError(error.message(path))
            }
        },
        events: (FleetFileLogEvent.kinds, { $0.kind }),
        options: { model, options in
            // A behaviour of the configuration may spend its whole world budget in one gap.
            options.gapWorldBudget = max(options.gapWorldBudget, model.config.bounds.worldBudget)
            options.windowWorldBudget = model.config.bounds.worldBudget
        },
        report: { model, log, path, options, watch in
            let report = FleetDiagnosisReport.make(
                model, log, path: path, options: options, stop: watch.stop, reason: watch.reason, progress: watch.progress,
                heartbeat: watch.heartbeat)
            return (report.lines, report.verdict)
        })
}
