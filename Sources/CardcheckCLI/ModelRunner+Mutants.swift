import Explorer
import Foundation

extension ModelRunner {
    /// One guard's row of the table.
    struct MutantRow {
        let mutant: GuardMutant<M>
        /// The world (configuration stem) this row's runs searched: the first that killed the
        /// guard, else the last tried.
        let world: String
        /// Properties broken with the guard off that hold with every guard on.
        let killers: [(name: String, trace: Trace<M>)]
        /// The guard-off run's counterexamples of the `--also` properties, broken or not with
        /// every guard on.
        var also: [(name: String, trace: Trace<M>)] = []
        let exhaustive: Bool
        /// Why the row's runs stopped, when a limit or a signal cut them short.
        var stopReason: String?
        /// What a bound kept the guard-off run from judging at quiescence: a guard not killed
        /// there may be hidden by the bound.
        let cut: BoundCut
        /// The spec's "Without it" class when the run broke it, else the shortest counterexample.
        var first: (name: String, trace: Trace<M>)? {
            let shortest = { (a: (name: String, trace: Trace<M>), b: (name: String, trace: Trace<M>)) in
                a.trace.steps.count < b.trace.steps.count
            }
            return killers.filter { k in mutant.specClass.map { $0 == classOf(k.name) } ?? false }.min(by: shortest)
                ?? killers.min(by: shortest)
        }
        let classOf: (String) -> String
    }

    /// A row whose runs a limit or a signal cut short before any property broke.
    static var cutShort: String { "cut short (not killed so far)" }

    func mutants(_ request: MutantsRequest, console: Console) throws -> Int32 {
        let bounds = self.bounds(depth: request.depth, worldBudget: request.worldBudget)
        let flagsSet = request.depth != nil || request.worldBudget != nil
        // Each world's guards, in the first world's order (one model: the same guards).
        let worlds = try [(name: request.name, model: model)]
            + request.worlds.map { (name: $0.name, model: try decode($0.configuration)) }
        let guardsOf = worlds.map { world in
            (mutants?(world.model) ?? []).map { m in
                var m = m
                if flagsSet {
                    m.mutant = rebound(m.mutant, bounds)
                    m.baseline = rebound(m.baseline, bounds)
                }
                return m
            }
        }
        let known = model.properties.map(\.name)
        if let bad = request.also.first(where: { !known.contains($0) }) { throw CommandError.unknownProperty(bad, known: known) }
        var names = guardsOf.first?.map(\.name) ?? []
        if let only = request.only {
            if let bad = only.first(where: { !names.contains($0) }) { throw CommandError.unknownGuard(bad, known: names) }
            names = names.filter { only.contains($0) }
        }
        let stop = RunStop()
        var rows: [MutantRow] = []
        var baselines: [String: SearchReport<M>] = [:]
        var progress: (@Sendable (SearchProgress) -> Void)?
        if request.progress || console.errorIsTerminal {
            let lines = ProgressLines()
            progress = { @Sendable p in console.error(lines.text(p)) }
        }
        func search(_ model: M) -> SearchReport<M> {
            // Each mutant's own bounds (an override may change them) unless flags set them.
            let options = SearchOptions(
                depthBound: flagsSet ? bounds.depth : boundsOf(model).depth,
                worldBudget: flagsSet ? bounds.worldBudget : boundsOf(model).worldBudget,
                stateLimit: request.maxStates, threads: request.threads, stop: stop.signal, progress: progress,
                memoryLimit: request.memoryLimit)
            return BreadthFirstSearch(model, options: options).run()
        }
        stop.during(timeLimit: request.timeLimit) {
            for name in names {
                // The worlds in the order given; the first that kills the guard ends its row.
                for (w, world) in worlds.enumerated() {
                    if stop.signal.isRaised { break }
                    guard let m = guardsOf[w].first(where: { $0.name == name }) else { continue }
                    let key = "\(w)|" + (m.override ?? "")
                    let baseline = baselines[key] ?? search(m.baseline)
                    baselines[key] = baseline
                    let run = search(m.mutant)
                    let broken = Set(baseline.verdicts.compactMap { v -> String? in
                        if case .violated = v.outcome { v.name } else { nil }
                    })
                    let killers = run.verdicts.compactMap { v -> (name: String, trace: Trace<M>)? in
                        if case .violated(let t) = v.outcome, !broken.contains(v.name) { (v.name, t) } else { nil }
                    }
                    let complete = [.exhausted, .depthBound].contains(run.stopReason)
                        && [.exhausted, .depthBound].contains(baseline.stopReason)
                    var row = MutantRow(
                        mutant: m, world: world.name, killers: killers, exhaustive: complete, cut: run.boundCut,
                        classOf: propertyClass)
                    row.also = run.verdicts.compactMap { v -> (name: String, trace: Trace<M>)? in
                        if case .violated(let t) = v.outcome, request.also.contains(v.name) { (v.name, t) } else { nil }
                    }
                    if !complete { row.stopReason = stop.reasonText ?? (Self.covered(run) ? baseline : run).stopReasonText }
                    // A run cut short proves nothing about a guard it did not kill.
                    let verdict = killers.first?.name ?? (complete ? "NOT KILLED" : Self.cutShort)
                    console.error("  \(m.name)" + (worlds.count > 1 ? " in \(world.name)" : "")
                        + ": \(verdict) (\(run.distinctStates) states)")
                    if row.first != nil || !complete || w == worlds.count - 1 || stop.signal.isRaised {
                        rows.append(row)
                        break
                    }
                }
                if stop.signal.isRaised && rows.last?.mutant.name != name { break }
            }
        }
        let written = request.saveDirectory != nil
        console.print(table(rows, notRun: names.dropFirst(rows.count).map { $0 }, worlds: worlds.count > 1, links: written))
        if let root = request.saveDirectory {
            // Each row's story beside the configuration that ran it: ROOT/<world>/.
            for row in rows {
                let stories = (row.first.map { [$0] } ?? []) + row.also.filter { $0.name != row.first?.name }
                guard !stories.isEmpty else { continue }
                let directory = try OutputDirectory.createAfterRun(root + "/" + row.world)
                for story in stories {
                    try save(
                        [Minimizer(row.mutant.mutant).minimize(story.trace)], model: row.mutant.mutant, in: directory,
                        stories: request.stories, console: console, guardOff: row.mutant.name,
                        title: "\(story.name) with \(row.mutant.name) off")
                }
            }
        }
        let partial = rows.count < names.count || rows.contains { !$0.exhaustive }
        // Only a row searched to its bounds can say a guard survived.
        let allKilled = rows.allSatisfy { $0.first != nil || !$0.exhaustive }
        let cut = rows.filter { $0.first == nil && !$0.exhaustive }.count
        if partial {
            let reason = stop.reasonText ?? rows.first { !$0.exhaustive }?.stopReason ?? "stopped"
            console.print("NOT exhaustive (\(reason)): \(rows.count) of \(names.count) guards run"
                + (cut > 0 ? ", \(cut) cut short before a kill" : ""))
        }
        if !allKilled {
            console.print("SOME GUARD NOT KILLED")
        } else if cut > 0 {
            console.print("cut short: \(cut) of \(names.count) guards neither killed nor run to their bounds; none survived a run to its bounds")
        } else {
            console.print(partial ? "every guard run so far killed" : "every guard killed")
        }
        if let code = stop.exitCode, code != ExitCode.partial { return code }
        if !allKilled { return ExitCode.fail }
        return partial ? ExitCode.partial : ExitCode.pass
    }

    /// The table `cardcheck mutants` prints (Markdown, so it pastes into the README).
    /// With several worlds, a `world` column names the configuration that killed each guard.
    /// With `links` (the stories were written under a root, `--write ROOT`), each row's property
    /// links its story, relative to a table kept one directory under the root (ROOT/x/GUARD-TABLE.md).
    func table(_ rows: [MutantRow], notRun: [String], worlds: Bool = false, links: Bool = false) -> [String] {
        var lines = [
            "| guard off |" + (worlds ? " world |" : "")
                + " property class found | the spec's \"Without it\" | property | depth | minimized steps | also broken | bounds |",
            "|---|" + (worlds ? "---|" : "") + "---|---|---|---|---|---|---|",
        ]
        for r in rows {
            let first = r.first
            let shortest = first.map { Minimizer(r.mutant.mutant).minimize($0.trace) }
            let minimized = shortest?.steps.count
            let cls = first.map { propertyClass($0.name) } ?? (r.exhaustive ? "**NOT KILLED**" : Self.cutShort)
            let bounds = (r.mutant.override.map { "override: \($0)" } ?? "default") + (r.exhaustive ? "" : " (not exhaustive)")
                + (r.cut.isEmpty ? "" : "; " + BoundCutNote.cell(r.cut))
            let also = r.killers.map(\.name).filter { $0 != first?.name }
            let spec = r.mutant.specClass.map { spec in
                guard first != nil, spec == cls else {
                    return first == nil ? spec : "\(spec): not broken within these bounds; \(cls) appeared instead"
                }
                // A row whose spec text names a particular loop says "shown" only when its trace shows it.
                if let shortest, let differs = r.mutant.specShape?(shortest) { return "\(spec): \(differs)" }
                return "\(spec): shown"
            } ?? "-"
            var property = first?.name ?? "-"
            if links, let first, let stem = story?.stem(first.name, r.mutant.name) {
                property = "[\(first.name)](../\(r.world)/\(stem).md)"
            }
            lines.append("| \(r.mutant.name) |" + (worlds ? " \(r.world) |" : "") + " \(cls) | \(spec) | \(property) | \(first.map { String($0.trace.steps.count) } ?? "-") | "
                + "\(minimized.map(String.init) ?? "-") | \(also.isEmpty ? "-" : also.joined(separator: ", ")) | \(bounds) |")
        }
        for name in notRun {
            lines.append("| \(name) |" + (worlds ? " - |" : "") + " not run (stopped) | - | - | - | - | - | - |")
        }
        if rows.contains(where: { !$0.cut.isEmpty }) { lines += ["", BoundCutNote.footnote(rows.map(\.cut))] }
        return lines
    }
}

/// What the guard table says of a row whose guard-off run a bound cut (`BoundCut`).
enum BoundCutNote {
    /// Appended to the row's bounds cell: `bound cut: 2 states (maxCardsPerDevice)`.
    static func cell(_ cut: BoundCut) -> String {
        "bound cut: \(cut.states) \(cut.states == 1 ? "state" : "states") (\(cut.refusals.map(\.bound).joined(separator: ", ")))"
    }

    /// Printed under the table when some row has one; a fixed capacity of the model is said to be one.
    static func footnote(_ cuts: [BoundCut]) -> String {
        let fixed = cuts.contains { $0.refusals.contains { BoundCut.isFixed($0.bound) } }
        return footnote + (fixed ? "; a capacity of the model (\"the model's ...\") is fixed: no configuration raises it" : "")
    }

    static let footnote = "bound cut: with the guard off, a bound of the model refused a system step in states otherwise "
        + "quiet, so they were not judged at quiescence: a guard NOT KILLED there may be hidden by the bound (raise it to look past)"
}
