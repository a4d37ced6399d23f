extension CIReport {
    /// Judges `jobs` against `baseline` and builds the report. With `final` (an unsharded run,
    /// or shards merged), a job missing parts fails; otherwise it is left `partial`.
    public init(profile: String, shards: [String], jobs: [JobReport], baseline: Baseline, final: Bool) {
        var judged: [JobReport] = []
        var new: [FindingRef] = []
        var gone: [FindingRef] = []
        var accepted = 0
        for var job in jobs.sorted(by: { $0.id < $1.id }) {
            Self.judge(&job, baseline: baseline, final: final)
            if job.status != .partial && job.kind != .mutant {
                for p in job.properties where p.verdict == .violated {
                    if p.accepted == true { accepted += 1 } else {
                        new.append(FindingRef(configuration: job.configuration, property: p.name, story: p.story))
                    }
                }
            }
            // Only an exhaustive check can say a finding is gone; a simulation may miss it.
            if job.kind == .check && job.status != .partial && job.exhaustive {
                for entry in baseline.accepted(in: job.configuration)
                where !job.properties.contains(where: { $0.name == entry.property && $0.verdict == .violated }) {
                    gone.append(FindingRef(configuration: entry.configuration, property: entry.property, story: nil))
                }
            }
            judged.append(job)
        }
        self.profile = profile
        self.shards = shards.sorted { Self.shardIndex($0) < Self.shardIndex($1) }
        self.jobs = judged
        // The same finding seen by check and simulate is one change.
        self.baseline = BaselineJudgement(
            accepted: accepted, new: Self.unique(new.sorted()), gone: Self.unique(gone.sorted()))
        let failed = judged.contains { $0.status == .fail }
        result = failed || self.baseline.changed ? "fail" : "pass"
    }

    static func unique(_ refs: [FindingRef]) -> [FindingRef] {
        var out: [FindingRef] = []
        for r in refs where !(out.last.map { $0.configuration == r.configuration && $0.property == r.property } ?? false) {
            out.append(r)
        }
        return out
    }

    static func shardIndex(_ s: String) -> Int { Int(s.split(separator: "/").first ?? "") ?? 0 }

    /// Sets the job's status and each violation's `accepted`.
    static func judge(_ job: inout JobReport, baseline: Baseline, final: Bool) {
        job.detail = nil
        for i in job.properties.indices { job.properties[i].accepted = nil }
        if !job.complete {
            let missing = (1...max(job.parts, 1)).filter { !job.partsDone.contains($0) }
            job.status = final ? .fail : .partial
            job.detail = "missing part\(missing.count == 1 ? "" : "s") "
                + missing.map { "\($0)/\(job.parts)" }.joined(separator: ", ")
            return
        }
        var problems: [String] = []
        switch job.kind {
        case .mutant:
            // A run cut short has not shown the guard survives; it fails as cut short below.
            if job.violated.isEmpty && job.exhaustive {
                problems.append("guard \(job.guardName ?? "?") not killed" + (job.world.map { " (worlds tried up to \($0))" } ?? ""))
            }
        case .check, .simulate:
            for i in job.properties.indices where job.properties[i].verdict == .violated {
                let ok = baseline.entry(job.configuration, job.properties[i].name) != nil
                job.properties[i].accepted = ok
                if !ok { problems.append("\"\(job.properties[i].name)\" violated, not in the baseline") }
            }
            // A search cut short proves nothing about a goal it did not reach yet.
            for p in job.properties where p.verdict == .unreached && job.finished {
                problems.append("\"\(p.name)\" never reached (vacuous)")
            }
        }
        if job.kind == .check {
            for entry in baseline.accepted(in: job.configuration) where job.exhaustive
                && !job.properties.contains(where: { $0.name == entry.property && $0.verdict == .violated })
            {
                problems.append("accepted finding \"\(entry.property)\" no longer appears")
            }
        }
        // A simulation is never exhaustive; it fails here only when it ran fewer walks than asked.
        if !job.finished {
            problems.append(job.kind == .simulate ? "cut short (\(job.stopReason))" : "not exhaustive (\(job.stopReason))")
        }
        job.status = problems.isEmpty ? .pass : .fail
        job.detail = problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
