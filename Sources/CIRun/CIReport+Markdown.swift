import Explorer
extension CIReport {
    /// A Markdown summary for a CI job summary or a PR comment: the verdict, what changed
    /// against the baseline (each new counterexample linked to its story), then one row per job.
    /// `storyBase` is prefixed to story paths (e.g. a link to the uploaded artifact's folder);
    /// `baselinePath` names the accepted-findings file the run was judged against.
    public func markdown(storyBase: String = "", baselinePath: String = Baseline.defaultPath) -> String {
        var lines: [String] = []
        let what = shards.count > 1 ? " (\(shards.count) shards merged)" : ""
        lines.append("## cardcheck \(profile)\(what): \(passed ? "pass" : "FAIL")")
        lines.append("")
        let total = jobs.count, failing = jobs.filter { $0.status != .pass }.count
        lines.append("\(total) job\(total == 1 ? "" : "s"), \(failing) failing; \(baseline.accepted) accepted finding"
            + "\(baseline.accepted == 1 ? "" : "s") seen, \(baseline.new.count) new, \(baseline.gone.count) gone.")
        if !missingShards.isEmpty {
            lines.append("")
            lines.append("**Missing shard reports:** \(missingShards.joined(separator: ", ")) (their jobs did not run or crashed).")
        }
        if let stops = cutShort, !stops.isEmpty {
            lines.append("")
            lines.append("**Cut short:** " + stops.map { "\($0.shard) (\($0.reason))" }.joined(separator: ", ") + ".")
        }
        if !baseline.new.isEmpty {
            lines.append("")
            lines.append("### New findings (not in `\(baselinePath)`)")
            lines.append("")
            for f in baseline.new {
                let story = f.story.map { " — [story](\(storyBase)\($0))" } ?? ""
                lines.append("- `\(f.configuration)`: **\(f.property)**\(story)")
            }
        }
        if !baseline.gone.isEmpty {
            lines.append("")
            lines.append("### Accepted findings that no longer appear (acknowledge: remove them from the baseline)")
            lines.append("")
            for f in baseline.gone { lines.append("- `\(f.configuration)`: **\(f.property)**") }
        }
        lines.append("")
        lines.append("| job | status | states | exhaustive | violated (accepted) | detail |")
        lines.append("|---|---|---:|---|---|---|")
        for job in jobs {
            let violated = job.violated.map { p in
                p.accepted == true ? "\(p.name) ✓" : p.accepted == false ? "**\(p.name)**" : p.name
            }
            let parts = (job.parts > 1 ? " (\(job.partsDone.count)/\(job.parts) parts)" : "")
                + (job.world.map { " in \($0)" } ?? "")
            // A random walk counts no distinct states and covers no bound: say what it was instead.
            let states = job.kind == .simulate ? "—" : "\(job.distinctStates)"
            let exhaustive = job.kind == .simulate
                ? "no: random walk, seed \(job.seed ?? "?"), \(job.walks ?? 0) of \(job.walksAsked ?? 0) walks"
                : job.exhaustive ? "yes" : "no"
            lines.append("| \(cell(job.id))\(parts) | \(job.status.rawValue) | \(states) | "
                + "\(exhaustive) | \(cell(violated.joined(separator: ", "))) | \(cell(job.detail ?? "")) |")
        }
        // States a bound kept from being judged at quiescence: a finding past the bound is out of reach.
        let cuts = jobs.compactMap { job in job.boundCut?.line.map { "- `\(job.id)`: \($0)" } }
        if !cuts.isEmpty {
            lines.append("")
            lines.append(contentsOf: cuts)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
