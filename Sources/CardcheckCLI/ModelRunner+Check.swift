import Explorer
import Foundation

extension ModelRunner {
    func check(_ request: CheckRequest, console: Console) throws -> Int32 {
        let bounds = self.bounds(depth: request.depth, worldBudget: request.worldBudget)
        let model = rebound(self.model, bounds)
        let stop = RunStop()
        var progress: (@Sendable (SearchProgress) -> Void)?
        if request.progress || console.errorIsTerminal {
            let lines = ProgressLines()
            progress = { @Sendable p in console.error(lines.text(p)) }
        }
        var options = SearchOptions(
            depthBound: bounds.depth, worldBudget: bounds.worldBudget,
            stopAtFirstViolation: request.stopAtFirstViolation,
            stateLimit: request.maxStates, timeLimit: request.timeLimit.map(Double.init),
            threads: request.fabric == nil ? request.threads : 1, stop: stop.signal, progress: progress,
            symmetry: request.symmetry, memoryLimit: request.memoryLimit)
        options.spill = request.spill
        options.checkpoint = request.checkpoint
        if request.count { options.countBehaviours = countsTotalOnly ? .total : .perProperty }
        let expected = request.accepted ?? expectedFindings(model)
        var distributed: DistributedReport<M>?
        if let gate = request.gate {
            // A damaged checkpoint is this rank's bad input: refused at the start agreement.
            if let error = DistributedSearch(model, options: options, fabric: gate.fabric).checkpointError() {
                throw CommandError(error.description)
            }
            try agreeOnStart(gate, model: model, options: options, expected: expected)
            distributed = stop.during { DistributedSearch(model, options: options, fabric: gate.fabric).run() }
            gate.ended = distributed?.ended != nil
            if let level = distributed?.resumedLevel, let prefix = request.checkpoint?.path {
                console.error("  resumed from level \(level) of \(prefix).rank-*-of-\(gate.fabric.size).level-\(level).checkpoint")
            }
            if let note = distributed?.checkpointNote { console.error("  \(note) (not resumed: the search ran afresh)") }
        }
        let report = distributed?.search ?? stop.during { BreadthFirstSearch(model, options: options).run() }
        let judged = CheckJudgement(report: report, expected: expected)
        // Another rank's signal stopped the job: this rank reports it and exits with its code too.
        let signal = stop.reasonText == nil ? distributed?.signal.flatMap(RunStop.init(agreed:)) : nil
        let stopReason = Self.stopText((signal ?? stop).reasonText, distributed?.ended)
        console.print(header(model))
        console.print(judged.lines(render: render, stopReason: stopReason))
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
        let files = { [self] () throws -> Void in
            if let directory = request.saveDirectory {
                let traces: [Trace<M>] = report.verdicts.compactMap {
                    if case .violated(let trace) = $0.outcome { trace } else { nil }
                }
                try save(traces, model: model, in: directory, stories: request.stories, console: console)
            }
            if let wanted = request.report {
                try writeReport(
                    wanted, report, model: model, exhaustive: judged.covered && distributed?.ended == nil,
                    stopReason: stopReason ?? report.stopReasonText, console: console)
            }
        }
        // Rank 0 writes the files; another rank keeps them for when rank 0 is the one that died.
        if let gate = request.gate { try gate.write(files) } else { try files() }
        // A checkpoint not written: the report stands, but a rerun would not resume from it.
        if let problem = distributed?.checkpointProblem {
            console.error("cardcheck: " + problem)
            return ExitCode.outputFailed
        }
        if let code = (signal ?? stop).exitCode { return code }
        // A rank died or never answered: NOT exhaustive (the job is ended once this is printed).
        if distributed?.ended != nil { return judged.failed ? ExitCode.fail : ExitCode.partial }
        if judged.failed { return ExitCode.fail }
        // A count asked for and stopped (a limit while adding up) leaves the run partial.
        let countMissing = request.count && report.behaviours == nil
        return judged.covered && !countMissing ? ExitCode.pass : ExitCode.partial
    }
}

extension ModelRunner {
    /// The start agreement of a distributed check: every rank describes the run it would make
    /// (model, configuration, bounds, options, expected findings) by one digest; a rank that
    /// refused its input, or ranks that differ, end every rank here with exit 2.
    func agreeOnStart(_ gate: RankGate, model: M, options: SearchOptions, expected: [ExpectedFinding]) throws {
        var text = model.name + "\n"
        text += (try? model.configuration.data()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        text += "\n\(options.depthBound ?? -1) \(options.worldBudget ?? -1) \(options.stateLimit ?? -1) "
        text += "\(options.timeLimit ?? -1) \(options.memoryLimit ?? -1) \(options.stopAtFirstViolation) \(options.symmetry)\n"
        text += options.checkpoint.map { "checkpoint \($0.path) \($0.interval)\n" } ?? ""
        text += options.spill.map { "spill \($0.directory) \($0.afterBytes)\n" } ?? ""
        for finding in expected { text += finding.property + "\u{1}" + finding.reason + "\n" }
        let outcome: RankStart
        do {
            outcome = try gate.start(Self.digest(text))
        } catch {
            throw CommandError("the ranks could not agree at the start: \(error.reason)")
        }
        switch outcome {
        case .agreed: return
        case .refused(let rank, let reason):
            throw CommandError("rank \(rank) refused its input: \(reason)")
        case .differ:
            throw CommandError("the ranks were given different configurations, bounds or options (each rank must run the same check)")
        }
    }

    /// FNV-1a of `text`'s UTF-8, mixed: the same on every process and platform.
    static func digest(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Fingerprint.mix(hash)
    }

    /// What `--spill` did: from which level and how much went to disk, or why it failed.
    static func spillLine(_ report: SearchReport<M>, _ spill: SearchSpilling) -> String {
        if let problem = report.spillProblem { return "spill: \(problem)" }
        guard let spilled = report.spilled else {
            return "spill: not needed (the process stayed under \((spill.afterBytes / 1_000_000).grouped) MB)"
        }
        return "spill: from depth \(spilled.fromDepth), \(spilled.bytesWritten.grouped) bytes of levels, "
            + "\(spilled.fingerprintBytesWritten.grouped) of fingerprints (their filters at most \(spilled.filterBytes.grouped) in memory) "
            + "and \(spilled.parentBytesWritten.grouped) of parent links "
            + "written to \(spilled.directory)"
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
        let reason = stopReason ?? report.stopReasonText
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
