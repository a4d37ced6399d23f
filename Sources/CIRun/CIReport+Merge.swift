extension CIReport {
    /// Folds shard reports into one: the parts of a split configuration become one job (a
    /// property is violated if any part violates it, with the shortest counterexample; reached
    /// if any part reaches it), then the whole is judged again against `baseline`. The inputs
    /// are sorted first, so any order of the same reports gives the same report.
    public static func merge(_ reports: [(path: String, report: CIReport)], baseline: Baseline) throws -> CIReport {
        guard let first = reports.first else { throw CIError("cardcheck merge needs at least one shard report") }
        if let other = reports.first(where: { $0.report.profile != first.report.profile }) {
            throw CIError.bad(other.path, "a \(other.report.profile) report; \(first.path) is \(first.report.profile)")
        }
        var shards: [String] = []
        var byID: [String: JobReport] = [:]
        for (path, report) in reports.sorted(by: { Self.order($0.report).lexicographicallyPrecedes(Self.order($1.report)) }) {
            for shard in report.shards {
                if shards.contains(shard) { throw CIError.bad(path, "shard \(shard) appears in two reports") }
                shards.append(shard)
            }
            for job in report.jobs {
                guard let earlier = byID[job.id] else {
                    byID[job.id] = job
                    continue
                }
                byID[job.id] = try fold(earlier, job, path: path)
            }
        }
        return CIReport(profile: first.report.profile, shards: shards, jobs: Array(byID.values), baseline: baseline, final: true)
    }

    /// A total order on reports, from their content only.
    static func order(_ r: CIReport) -> [Int] { r.shards.map(shardIndex) + [Int.max] + [r.jobs.count] }

    static func fold(_ a: JobReport, _ b: JobReport, path: String) throws -> JobReport {
        guard a.parts == b.parts, a.kind == b.kind, a.splitLevel == b.splitLevel,
            a.properties.map(\.name) == b.properties.map(\.name)
        else { throw CIError.bad(path, "job \"\(a.id)\" does not match the same job in another report") }
        if let twice = b.partsDone.first(where: a.partsDone.contains) {
            throw CIError.bad(path, "part \(twice)/\(a.parts) of \"\(a.id)\" appears in two reports")
        }
        // Fold in part order so the sums and the tie-breaks do not depend on the input order.
        let (x, y) = (a.partsDone.min() ?? 0) < (b.partsDone.min() ?? 0) ? (a, b) : (b, a)
        var out = x
        out.partsDone = (x.partsDone + y.partsDone).sorted()
        out.exhaustive = x.exhaustive && y.exhaustive
        out.stopReason = !x.exhaustive ? x.stopReason : y.stopReason
        out.distinctStates = x.distinctStates + y.distinctStates
        out.transitions = x.transitions + y.transitions
        out.depthReached = max(x.depthReached, y.depthReached)
        out.properties = zip(x.properties, y.properties).map { p, q in
            switch (p.verdict, q.verdict) {
            case (.violated, .violated): return (q.steps ?? .max) < (p.steps ?? .max) ? q : p
            case (.violated, _): return p
            case (_, .violated): return q
            case (.holds, .holds): return (q.steps ?? .max) < (p.steps ?? .max) ? q : p
            case (.holds, _): return p
            case (_, .holds): return q
            default: return p
            }
        }
        return out
    }
}
