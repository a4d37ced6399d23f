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
            threads: request.fabric == nil ? request.threads : 1, stop: stop.signal, progress: progress,
            symmetry: request.symmetry, memoryLimit: request.memoryLimit)
        options.spill = request.spill
        if request.count { options.countBehaviours = countsTotalOnly ? .total : .perProperty }
        var distributed: DistributedReport<M>?
        if let fabric = request.fabric { distributed = stop.during { DistributedSearch(model, options: options, fabric: fabric).run() } }
        let report = distributed?.search ?? stop.during { BreadthFirstSearch(model, options: options).run() }
        let expected = request.accepted ?? expectedFindings(model)
        let judged = CheckJudgement(report: report, expected: expected)
        console.print(header(model))
        console.print(judged.lines(render: render, stopReason: Self.stopText(stop.reasonText, distributed?.ended)))
        console.print(report.timingLine)
        if let spill = request.spill { console.print(Self.spillLine(report, spill)) }
        if let distributed { console.print(distributed.line) }
        if request.count {
            if let counts = report.behaviours {
                console.print(counts.lines())
            } else {
                console.print("behaviours: not available (\(report.behavioursNotCounted ?? "not counted"))")
            }
        }
        if let directory = request.saveDirectory, request.fabric?.rank ?? 0 == 0 {
            let traces: [Trace<M>] = report.verdicts.compactMap {
                if case .violated(let trace) = $0.outcome { trace } else { nil }
            }
            try save(traces, model: model, in: directory, stories: request.stories, console: console)
        }
        // A rank died or never answered: the peers may be waiting forever, so the job ends here.
        if distributed?.ended != nil, let fabric = request.fabric { fabric.abandon(stop.exitCode ?? ExitCode.partial) }
        if let code = stop.exitCode { return code }
        if judged.failed { return ExitCode.fail }
        // A count asked for and stopped (a limit while adding up) leaves the run partial.
        let countMissing = request.count && report.behaviours == nil
        return judged.covered && !countMissing ? ExitCode.pass : ExitCode.partial
    }
}

extension ModelRunner {
    /// What `--spill` did: from which level and how much went to disk, or why it failed.
    static func spillLine(_ report: SearchReport<M>, _ spill: SearchSpilling) -> String {
        if let problem = report.spillProblem { return "spill: \(problem)" }
        guard let spilled = report.spilled else {
            return "spill: not needed (the process stayed under \((spill.afterBytes / 1_000_000).grouped) MB)"
        }
        return "spill: from depth \(spilled.fromDepth), \(spilled.bytesWritten.grouped) bytes of levels written to \(spilled.directory)"
    }

    /// The stop line's reason: the signal's, and why the job could not finish its round when a
    /// rank died (every rank then holds only what the last completed level agreed).
    static func stopText(_ signal: String?, _ ended: FabricEnded?) -> String? {
        guard let ended else { return signal }
        return (signal.map { $0 + "; " } ?? "") + ended.reason + ": the report is what the last complete level agreed"
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
