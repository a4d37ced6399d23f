import Explorer
import FleetModel
import Foundation

extension FleetCatalog {
    /// The committed fleet worlds `diagnose LOG` tries with no `--config`, in order: the
    /// catalog entry's data (`ServerLog.worlds`, `FleetCatalog.worlds`).
    static var diagnoseWorlds: [String] { entry.diagnoseWorlds }

    /// How the fleet judges a log over its worlds (`ServerLog+Worlds` runs it): each world's
    /// line and the summary in the fleet's words (`FleetWorldsDiagnosis`).
    static let worldsJudge: DiagnoseWorldsJudge<FleetSystem> = { worlds, log, path, watch, progress in
        let result = FleetWorldsDiagnosis.make(
            worlds.map { .init(name: $0.name, path: $0.path, model: $0.model, options: $0.options) }, log, path: path,
            stop: watch.stop, reason: watch.reason, progress: progress, search: watch.progress, heartbeat: watch.heartbeat)
        let open = result.findings.contains {
            switch $0.finding {
            case .notDecided, .notTried: true
            default: false
            }
        }
        let verdict: DiagnoseWorldsVerdict
        switch result.verdict {
        case .admitted: verdict = .admitted
        case .refused: verdict = .refused
        case .notDecided: verdict = .notDecided
        case .noEvidence: verdict = .noEvidence
        }
        return DiagnoseWorldsResult(lines: result.lines, verdict: verdict, open: open)
    }
}
