import Explorer
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
        var stops: [ShardStop] = []
        var cpu: [String: Int] = [:]
        var byID: [String: JobReport] = [:]
        for (path, report) in reports.sorted(by: { Self.order($0.report).lexicographicallyPrecedes(Self.order($1.report)) }) {
            for shard in report.shards {
                if shards.contains(shard) { throw CIError.bad(path, "shard \(shard) appears in two reports") }
                shards.append(shard)
            }
            stops += report.cutShort ?? []
            for (unit, ms) in report.cpuMilliseconds ?? [:] { cpu[unit, default: 0] += ms }
            for job in report.jobs {
                guard let earlier = byID[job.id] else {
                    byID[job.id] = job
                    continue
                }
                byID[job.id] = try fold(earlier, job, path: path)
            }
        }
        var merged = CIReport(profile: first.report.profile, shards: shards, jobs: Array(byID.values), baseline: baseline, final: true)
        merged.cutShort = stops.isEmpty ? nil : stops.sorted { shardIndex($0.shard) < shardIndex($1.shard) }
        merged.cpuMilliseconds = cpu.isEmpty ? nil : cpu
        if !stops.isEmpty { merged.result = "fail" }
        // Every shard of an n-shard plan must be there: a crashed shard's jobs are otherwise unseen.
        let counts = Set(shards.compactMap { Self.shard($0)?.count })
        if counts.count > 1 { throw CIError.bad(first.path, "reports of plans with different shard counts") }
        if let n = counts.first {
            merged.missingShards = (1...n).map { "\($0)/\(n)" }.filter { !shards.contains($0) }
            if !merged.missingShards.isEmpty { merged.result = "fail" }
        }
        return merged
    }

    /// A total order on reports, from their content only.
    static func order(_ r: CIReport) -> [Int] { r.shards.map(shardIndex) + [Int.max] + [r.jobs.count] }

    /// Two reports of one job (different parts) as one; `path` names the second in an error.
    public static func fold(_ a: JobReport, _ b: JobReport, path: String) throws -> JobReport {
        guard a.parts == b.parts, a.kind == b.kind, a.splitLevel == b.splitLevel,
            // A part that never ran (interrupted) has no verdicts to match.
            a.properties.map(\.name) == b.properties.map(\.name) || a.properties.isEmpty || b.properties.isEmpty
                // A simulation lists only the goals its walks reached: replicas' lists differ.
                || a.kind == .simulate
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
        if a.kind == .simulate {
            // A swarm's replicas: their walks add up; the job keeps the first replica's seed.
            out.walks = (x.walks ?? 0) + (y.walks ?? 0)
            out.walksAsked = (x.walksAsked ?? 0) + (y.walksAsked ?? 0)
            if out.finished, let walks = out.walks { out.stopReason = "\(walks) walks of up to \(out.depthReached) steps" }
        }
        if let cut = y.boundCut {
            var sum = x.boundCut ?? BoundCut()
            sum.add(cut)
            out.boundCut = sum
        }
        if x.properties.isEmpty || y.properties.isEmpty {
            out.properties = x.properties.isEmpty ? y.properties : x.properties
            return out
        }
        let (xs, ys) = x.kind == .simulate ? Self.aligned(x.properties, y.properties) : (x.properties, y.properties)
        out.properties = zip(xs, ys).map { p, q in
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

    /// Two replicas' property lists (each the model's order, less the goals it did not reach)
    /// as two lists of the same names: a name one lacks is the other's entry on both sides.
    static func aligned(_ x: [PropertyReport], _ y: [PropertyReport]) -> ([PropertyReport], [PropertyReport]) {
        var names = x.map(\.name)
        for (i, q) in y.enumerated() where !names.contains(q.name) {
            let after = i == 0 ? nil : names.firstIndex(of: y[i - 1].name)
            names.insert(q.name, at: after.map { $0 + 1 } ?? 0)
        }
        func pick(_ list: [PropertyReport], _ other: [PropertyReport]) -> [PropertyReport] {
            names.compactMap { name in list.first { $0.name == name } ?? other.first { $0.name == name } }
        }
        return (pick(x, y), pick(y, x))
    }
}
