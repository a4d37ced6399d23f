import BigNum
import Explorer
import Foundation

/// One exhaustive run of a fleet configuration, judged against its expected findings.
public struct FleetCheck: Sendable {
    /// A property's line in the summary.
    public enum Status: Equatable, Sendable {
        case holds
        /// Violated, and the configuration expects it (with its reason).
        case expected(String)
        /// Violated and not expected: a finding to acknowledge or a regression.
        case unexpected
        /// A reachability check never reached: the run proves nothing about it.
        case unreached
    }

    public let config: FleetConfig
    public let model: FleetSystem
    public let report: SearchReport<FleetSystem>
    /// The exact number of behaviours of length ≤ the depth bound, when asked for (`count`) and
    /// the search covered the bound: a second pass over the same graph (`BehaviourTotal`).
    public var behaviours: BigInt?

    /// Searches `config` exhaustively within its bounds; with `count`, also counts its behaviours.
    public static func run(
        _ config: FleetConfig, threads: Int = 1, count: Bool = false, stop: StopSignal? = nil,
        progress: (@Sendable (SearchProgress) -> Void)? = nil
    ) -> FleetCheck {
        let model = FleetSystem(config: config)
        let options = SearchOptions(
            depthBound: config.bounds.depth, worldBudget: config.bounds.worldBudget, threads: threads,
            stop: stop, progress: progress)
        var check = FleetCheck(config: config, model: model, report: BreadthFirstSearch(model, options: options).run())
        // Only a search that covered every behaviour to the bound has the whole graph to count.
        if count && [.exhausted, .depthBound].contains(check.report.stopReason) {
            check.behaviours = BehaviourTotal(
                model, depth: config.bounds.depth, worldBudget: config.bounds.worldBudget).run()
        }
        return check
    }

    public func status(_ verdict: SearchReport<FleetSystem>.Verdict) -> Status {
        switch verdict.outcome {
        case .holds: return .holds
        case .unreached: return .unreached
        case .violated:
            if let known = config.expectedFindings.first(where: { $0.property == verdict.name }) {
                return .expected(known.reason)
            }
            return .unexpected
        }
    }

    /// Expected findings that did not show up: the configuration claims more than the run saw.
    public var missingExpected: [String] {
        config.expectedFindings.map(\.property).filter { name in
            if case .violated? = report.verdict(name)?.outcome { return false }
            return true
        }
    }

    /// Exhaustive, every reachability check reached, every violation expected, every expected
    /// finding found.
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
    public var violations: [(name: String, trace: Trace<FleetSystem>)] {
        report.verdicts.compactMap { v in
            if case .violated(let t) = v.outcome { return (v.name, t) }
            return nil
        }
    }

    /// The summary `cardcheck check` prints.
    public var summary: String {
        var lines: [String] = []
        let r = report
        lines.append("fleet-card: \(config.description)")
        lines.append("distinct states: \(r.distinctStates)  transitions: \(r.transitions)  depth: \(r.depthReached)  "
            + "exhaustive: \(r.exhaustive ? "yes" : "no (\(r.stopReason.rawValue))")  time: \(String(format: "%.1f", r.seconds)) s")
        lines.append("bounds: world budget \(config.bounds.worldBudget), depth \(config.bounds.depth); "
            + "collision probability ≤ \(String(format: "%.1e", r.collisionProbability))")
        if let behaviours { lines.append("behaviours ≤ depth \(config.bounds.depth): \(behaviours)") }
        let off = config.guards.switchedOff
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
            lines.append("  \(v.name.padding(toLength: 42, withPad: " ", startingAt: 0)) \(text)\(steps)")
        }
        for name in missingExpected { lines.append("  \(name): expected but NOT found") }
        lines.append(passed ? "result: as expected" : "result: FAILED")
        return lines.joined(separator: "\n")
    }
}
