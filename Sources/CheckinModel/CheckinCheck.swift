import Explorer
import Foundation

/// One exhaustive run of a check-in configuration, judged against its expected findings.
public struct CheckinCheck: Sendable {
    public enum Status: Equatable, Sendable {
        case holds
        /// Violated, and the configuration expects it (with its reason).
        case expected(String)
        /// Violated and not expected: a finding to acknowledge or a regression.
        case unexpected
        /// A reachability goal never reached: the run proves nothing about it.
        case unreached
    }

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

    public func status(_ verdict: SearchReport<CheckinSystem>.Verdict) -> Status {
        switch verdict.outcome {
        case .holds: return .holds
        case .unreached: return .unreached
        case .violated:
            if let known = config.expectedFindings.first(where: { $0.property == verdict.name }) { return .expected(known.reason) }
            return .unexpected
        }
    }

    /// Expected findings the run did not show: the configuration claims more than it saw.
    public var missingExpected: [String] {
        config.expectedFindings.map(\.property).filter { name in
            if case .violated? = report.verdict(name)?.outcome { return false }
            return true
        }
    }

    /// Exhaustive, every goal reached, every violation expected, every expected finding found.
    public var passed: Bool {
        report.exhaustive && missingExpected.isEmpty
            && report.verdicts.allSatisfy { v in
                switch status(v) {
                case .holds, .expected: true
                case .unexpected, .unreached: false
                }
            }
    }

    /// The violated properties, in property order, with their shortest traces.
    public var violations: [(name: String, trace: Trace<CheckinSystem>)] {
        report.verdicts.compactMap { v in
            if case .violated(let t) = v.outcome { return (v.name, t) }
            return nil
        }
    }

    /// The summary `cardcheck check` prints.
    public var summary: String {
        let r = report
        var lines = ["checkin: \(config.summary)"]
        lines.append("distinct states: \(r.distinctStates)  transitions: \(r.transitions)  depth: \(r.depthReached)  "
            + "exhaustive: \(r.exhaustive ? "yes" : "no (\(r.stopReason.rawValue))")  time: \(String(format: "%.1f", r.seconds)) s")
        let off = config.guardsOff
        lines.append("guards off: \(off.isEmpty ? "none" : off.joined(separator: ", "))")
        for v in r.verdicts {
            let text: String
            switch status(v) {
            case .holds: text = "holds"
            case .expected(let why): text = "violated (expected: \(why))"
            case .unexpected: text = "VIOLATED (not expected)"
            case .unreached: text = "UNREACHED (vacuous)"
            }
            let steps = r.counterexample(v.name).map { " at step \($0.steps.count)" } ?? ""
            lines.append("  \(v.name.padding(toLength: 36, withPad: " ", startingAt: 0)) \(text)\(steps)")
        }
        for name in missingExpected { lines.append("  \(name): expected but NOT found") }
        lines.append(passed ? "result: as expected" : "result: FAILED")
        return lines.joined(separator: "\n")
    }
}
