import Explorer
import Foundation

/// One exhaustive search of a check-in configuration, for tests and tools that call the model
/// directly. The command line judges expected findings itself (its catalog entry supplies
/// them), so this type only runs the search and lists what it found.
public struct CheckinCheck: Sendable {
    public let config: CheckinConfig
    public let model: CheckinSystem
    public let report: SearchReport<CheckinSystem>

    /// Searches `config` exhaustively within its bounds.
    public static func run(
        _ config: CheckinConfig, threads: Int = 1, stop: StopSignal? = nil,
        progress: (@Sendable (SearchProgress) -> Void)? = nil
    ) -> CheckinCheck {
        let model = CheckinSystem(config: config)
        let options = SearchOptions(
            depthBound: config.depth, worldBudget: config.worldBudget, threads: threads, stop: stop, progress: progress)
        return CheckinCheck(config: config, model: model, report: BreadthFirstSearch(model, options: options).run())
    }

    /// The violated properties, in property order, with their shortest traces.
    public var violations: [(name: String, trace: Trace<CheckinSystem>)] {
        report.verdicts.compactMap { v in
            if case .violated(let t) = v.outcome { return (v.name, t) }
            return nil
        }
    }

    /// The violated property names, for test messages.
    public var violated: [String] { violations.map(\.name) }
}
