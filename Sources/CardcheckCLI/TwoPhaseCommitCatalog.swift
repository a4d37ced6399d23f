import ClassicModels
import Explorer

/// Two-phase commit's entry in the command line's catalog: its transaction manager's log
/// (`replay --log` writes it, `diagnose` reads it) is data here; the commands are the generic ones.
enum TwoPhaseCommitCatalog {
    static let entry = ModelCatalogEntry(
        name: "two-phase-commit", summary: "Lamport's two-phase commit; key \"resourceManagers\" (1-12)",
        decode: { try $0.decode(TwoPhaseCommit.self) },
        serverLog: ServerLog(file: { model, steps in TMLogFile.file(model, steps) }, format: logFormat))

    /// How `diagnose` reads and reports a TM log (Docs/diagnose.md, "Another model's log"): its
    /// JSON-lines reader, no build variants (`--events` refused), every manager's abort allowed
    /// in one gap and before a window (n world actions are all a behaviour has), the report in
    /// two-phase commit's words.
    static let logFormat = TraceLogFormat<TwoPhaseCommit>(
        read: { bytes, path, _ in
            do {
                return try TMLogFile.read(bytes)
            } catch let error as TMLogFile.Failure {
                throw ServerLogError(error.message(path))
            }
        },
        options: { model, options in
            options.gapWorldBudget = max(options.gapWorldBudget, model.resourceManagers)
            options.windowWorldBudget = model.resourceManagers
        },
        report: { model, log, path, options, watch in
            TMDiagnosisReport.make(
                model, log, path: path, options: options, stop: watch.stop, reason: watch.reason, progress: watch.progress,
                heartbeat: watch.heartbeat)
        })
}
