import Explorer
import Foundation

extension ModelRunner {
    func check(_ request: CheckRequest, console: Console) throws -> Int32 {
        let bounds = self.bounds(depth: request.depth, worldBudget: request.worldBudget)
        let model = rebound(self.model, bounds)
        let stop = RunStop()
        var progress: (@Sendable (SearchProgress) -> Void)?
        if request.progress || console.errorIsTerminal {
            progress = { @Sendable p in console.error(ProgressLine.text(p)) }
        }
        var options = SearchOptions(
            depthBound: bounds.depth, worldBudget: bounds.worldBudget,
            stopAtFirstViolation: request.stopAtFirstViolation,
            stateLimit: request.maxStates, timeLimit: request.timeLimit.map(Double.init),
            threads: request.threads, stop: stop.signal, progress: progress,
            symmetry: request.symmetry, memoryLimit: request.memoryLimit)
        if request.count { options.countBehaviours = countsTotalOnly ? .total : .perProperty }
        let report = stop.during { BreadthFirstSearch(model, options: options).run() }
        let expected = request.accepted ?? expectedFindings(model)
        let judged = CheckJudgement(report: report, expected: expected)
        console.print(header(model))
        console.print(judged.lines(render: render, stopReason: stop.reasonText))
        console.print(report.timingLine)
        if request.count {
            if let counts = report.behaviours {
                console.print(counts.lines())
            } else {
                console.print("behaviours: not available (\(report.behavioursNotCounted ?? "not counted"))")
            }
        }
        if let directory = request.saveDirectory {
            let traces: [Trace<M>] = report.verdicts.compactMap {
                if case .violated(let trace) = $0.outcome { trace } else { nil }
            }
            try save(traces, model: model, in: directory, stories: request.stories, console: console)
        }
        if let code = stop.exitCode { return code }
        if judged.failed { return ExitCode.fail }
        // A count asked for and stopped (a limit while adding up) leaves the run partial.
        let countMissing = request.count && report.behaviours == nil
        return judged.covered && !countMissing ? ExitCode.pass : ExitCode.partial
    }
}

/// A search report judged against the configuration's expected findings.
struct CheckJudgement<M: Model> {
    let report: SearchReport<M>
    let expected: [ExpectedFinding]

    /// The search covered its bounds (nothing cut it short).
    var covered: Bool { [.exhausted, .depthBound].contains(report.stopReason) }

    func expectation(_ name: String) -> ExpectedFinding? { expected.first { $0.property == name } }

    /// Expected findings the run did not show (only meaningful when `covered`).
    var missingExpected: [ExpectedFinding] {
        expected.filter { report.counterexample($0.property) == nil }
    }

    /// An unexpected violation, or (when covered) an unreached goal or a missing expected finding.
    var failed: Bool {
        let unexpected = report.verdicts.contains { v in
            if case .violated = v.outcome { return expectation(v.name) == nil }
            return false
        }
        let unreached = report.verdicts.contains { if case .unreached = $0.outcome { true } else { false } }
        return unexpected || (covered && (unreached || !missingExpected.isEmpty))
    }

    func lines(render: (Trace<M>) -> [String], stopReason: String?) -> [String] {
        let reason = stopReason ?? report.stopReason.rawValue
        var out = report.headerLines(stopReason: reason)
        out += report.verdictLines(
            render: render, expectedReason: { expectation($0)?.reason }, unexpectedNote: expected.isEmpty ? "" : ", not expected")
        if covered {
            for finding in missingExpected { out.append("  MISSING    expected \"\(finding.property)\" not found (\(finding.reason))") }
        }
        if failed {
            out.append("result: FAIL")
        } else if !covered {
            out.append("result: NOT exhaustive (\(reason)); nothing failed in the part explored")
        } else {
            out.append(expected.isEmpty ? "result: pass" : "result: as expected")
        }
        return out
    }
}
