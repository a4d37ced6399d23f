import Explorer
import FleetCard
import Foundation

/// The spec's guard table, regenerated: each guard switched off in turn, the rest on, and the
/// property the explorer then breaks that holds with every guard on.
public struct FleetMutants: Sendable {
    /// One guard's row.
    public struct Row: Sendable {
        public let guardName: String
        /// Properties broken with the guard off that hold with every guard on (same bounds).
        public let killedBy: [String]
        /// The first of them by trace length: its class, the depth it was found at, and the
        /// length after minimization.
        public let property: String?
        public let depth: Int?
        public let minimizedLength: Int?
        public let trace: Trace<FleetSystem>?
        public let model: FleetSystem
        /// The bound change this guard's runs used, if any, with its reason.
        public let override: FleetConfig.MutantOverride?
        public let exhaustive: Bool

        public var killed: Bool { property != nil }
    }

    public let rows: [Row]

    /// Runs the baseline (per distinct override) and one run per guard, in `Guards.names` order.
    public static func run(
        _ config: FleetConfig, threads: Int = 1, only: [String]? = nil,
        log: (@Sendable (String) -> Void)? = nil
    ) -> FleetMutants {
        var baselines: [FleetConfig: FleetCheck] = [:]
        var rows: [Row] = []
        for name in Guards.names where only?.contains(name) ?? true {
            let override = config.mutantOverrides[name]
            var base = config.patched(override)
            base.guards = .all
            base.expectedFindings = []
            let baseline = baselines[base] ?? FleetCheck.run(base, threads: threads)
            baselines[base] = baseline
            var mutant = base
            mutant.guards = Guards.allBut(name) ?? .all
            mutant.description = Self.describe(config.description, guardOff: name, override: override)
            let run = FleetCheck.run(mutant, threads: threads)
            let broken = Set(baseline.violations.map(\.name))
            let killers = run.violations.filter { !broken.contains($0.name) }
            // The spec's "Without it" class first when the run broke it; otherwise the shortest.
            let shortest = { (a: (name: String, trace: Trace<FleetSystem>), b: (name: String, trace: Trace<FleetSystem>)) in
                a.trace.steps.count < b.trace.steps.count
            }
            let first = killers.filter { Self.specClass[name] == FleetSystem.propertyClass($0.name) }.min(by: shortest)
                ?? killers.min(by: shortest)
            let minimized = first.map { FleetCounterexamples.minimized($0.trace, model: run.model) }
            rows.append(Row(
                guardName: name, killedBy: killers.map(\.name), property: first?.name,
                depth: first?.trace.steps.count, minimizedLength: minimized?.steps.count, trace: minimized,
                model: run.model, override: override, exhaustive: run.report.exhaustive && baseline.report.exhaustive))
            log?("\(name): \(first?.name ?? "NOT KILLED") (\(run.report.distinctStates) states, \(String(format: "%.1f", run.report.seconds)) s)")
        }
        return FleetMutants(rows: rows)
    }

    public var allKilled: Bool { rows.allSatisfy(\.killed) }

    /// The table `cardcheck mutants` prints (Markdown, so it pastes into the README).
    public var table: String {
        var lines = [
            "| guard off | property class found | the spec's \"Without it\" | property | depth | minimized steps | also broken | bounds |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in rows {
            let cls = r.property.map { FleetSystem.propertyClass($0) } ?? "**NOT KILLED**"
            let bounds = (r.override.map { "override: \($0.reason)" } ?? "default") + (r.exhaustive ? "" : " (not exhaustive)")
            let also = r.killedBy.filter { $0 != r.property }
            let spec = Self.specClass[r.guardName] ?? "-"
            let match = r.property == nil ? "-" : spec == cls ? "\(spec): shown"
                : r.killedBy.contains { FleetSystem.propertyClass($0) == spec } ? "\(spec): also broken, longer"
                : "\(spec): not broken within these bounds; \(cls) appeared instead"
            lines.append("| \(r.guardName) | \(cls) | \(match) | \(r.property ?? "-") | \(r.depth.map(String.init) ?? "-") | "
                + "\(r.minimizedLength.map(String.init) ?? "-") | \(also.isEmpty ? "-" : also.joined(separator: ", ")) | \(bounds) |")
        }
        return lines.joined(separator: "\n")
    }
}
