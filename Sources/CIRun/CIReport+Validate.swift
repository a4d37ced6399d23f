import Explorer

extension CIReport {
    /// The most shards a plan deals to, and the most parts a configuration is split in
    /// (`CIProfiles` refuses more): past these a report would allocate without bound.
    public static let maxShards = 1000
    /// A count a report may hold: 1,000 of them (the parts of one job) sum without overflow.
    public static let maxCount = Int.max / 1000

    /// "i/n" with 1 ≤ i ≤ n ≤ 1000 (decimal digits only), or nil.
    public static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let i = Int(parts[0]), let n = Int(parts[1]), (1...maxShards).contains(n), (1...n).contains(i)
        else { return nil }
        return (i, n)
    }

    /// A report read back is external input: every shard string, part and count in range,
    /// checked before anything is summed or allocated. One line naming the file and the place.
    func validate(path: String) throws(CIError) {
        guard ["pr", "nightly"].contains(profile) else { throw .bad(path, "\"profile\" must be pr or nightly, got \"\(StrictJSON.shortened(profile))\"") }
        for (i, s) in shards.enumerated() where Self.shard(s) == nil {
            throw .bad(path, "shards[\(i)]: \"\(StrictJSON.shortened(s))\" is not i/n with 1 ≤ i ≤ n ≤ \(Self.maxShards)")
        }
        for (j, job) in jobs.enumerated() {
            let at = "jobs[\(j)]"
            guard (1...CIProfiles.partsRange.upperBound).contains(job.parts) else {
                throw .bad(path, "\(at).parts: must be from 1 to \(CIProfiles.partsRange.upperBound), got \(job.parts)")
            }
            guard !job.partsDone.isEmpty, job.partsDone.allSatisfy({ (1...job.parts).contains($0) }),
                zip(job.partsDone, job.partsDone.dropFirst()).allSatisfy({ $0 < $1 })
            else { throw .bad(path, "\(at).partsDone: must be parts from 1 to \(job.parts), sorted, each once") }
            for (name, n) in [("distinctStates", job.distinctStates), ("transitions", job.transitions), ("depthReached", job.depthReached)]
            where !(0...Self.maxCount).contains(n) {
                throw .bad(path, "\(at).\(name): must be from 0 to \(Self.maxCount), got \(n)")
            }
            if let level = job.splitLevel, level < 1 { throw .bad(path, "\(at).splitLevel: must be positive, got \(level)") }
            for (p, property) in job.properties.enumerated() {
                if let steps = property.steps, steps < 0 {
                    throw .bad(path, "\(at).properties[\(p)].steps: must not be negative, got \(steps)")
                }
            }
            if let cut = job.boundCut, !([cut.states] + cut.refusals.map(\.states)).allSatisfy((0...Self.maxCount).contains) {
                throw .bad(path, "\(at).boundCut: counts must be from 0 to \(Self.maxCount)")
            }
        }
    }
}
