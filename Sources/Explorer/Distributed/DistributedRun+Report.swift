extension DistributedRun {
    /// The sums and firsts the ranks agree on at a level end; what a report is built from.
    struct Agreed {
        var transitions = 0
        var beyondBound = false
        var cutStates = 0
        var cut = BoundCut()
        var expansions = 0
        var bytesSent = 0
        var visitedBytes = 0
        /// With `--spill`: the first level any rank spilled at, and the runs' bytes over the ranks.
        var spillFrom: Int?
        var fingerprintBytes = 0
        var filterBytes = 0
        var parentBytes = 0
        var levelBytes = 0
    }

    /// A finding as one word whose order is the sequential search's: by node, then action.
    static func code(_ found: Found?) -> UInt64 {
        switch found {
        case .state(let node)?: UInt64(node) << 17
        case .step(let node, let action)?: UInt64(node) << 17 | (UInt64(action) + 1)
        case nil: .max
        }
    }

    static func found(_ code: UInt64, remap: (NodeID) -> NodeID?) -> Found? {
        guard code != .max, let node = remap(code >> 17) else { return nil }
        let action = code & 0x1FFFF
        return action == 0 ? .state(node) : .step(node, UInt16(truncatingIfNeeded: action - 1))
    }

    /// Agrees on the first violation and witness of every property (the least code over the
    /// ranks), rebuilds the paths to the new ones now, and agrees on the sums.
    mutating func agreeFindings() throws(FabricEnded) {
        let p = expansion.properties.count
        let firsts = try fabric.reduce(
            findings.violation.map(Self.code) + findings.witness.map { $0 ?? .max }
                + [spill?.startDepth.map { UInt64($0) } ?? .max], .min)
        var targets: [NodeID] = []
        for i in 0..<p {
            if agreedViolation[i] == .max && firsts[i] != .max { targets.append(firsts[i] >> 17) }
            if agreedWitness[i] == .max && firsts[p + i] != .max { targets.append(firsts[p + i]) }
        }
        let unique = Array(Set(targets)).sorted()
        if !unique.isEmpty { try walkBack(unique) }
        agreedViolation = Array(firsts[..<p])
        agreedWitness = Array(firsts[p..<(2 * p)])
        let summary = spill?.summary
        let sums = try fabric.reduce(
            [UInt64(findings.transitions), findings.beyondBound ? 1 : 0, UInt64(findings.cutStates), UInt64(expansions),
             UInt64(bytesSent), UInt64(visited.bytes), UInt64(spill?.fingerprintBytesWritten ?? 0),
             UInt64(spill?.filterBytes ?? 0), UInt64(summary?.parentBytesWritten ?? 0),
             UInt64(summary?.bytesWritten ?? 0)], .sum)
        var cut = BoundCut()
        if try fabric.reduce([findings.cutBounds.isEmpty ? 0 : 1], .max)[0] > 0 {
            var mine = WireWriter()
            for (bound, n) in zip(findings.cutBounds, findings.cutCounts) {
                mine.put(blob: Array(bound.utf8))
                mine.put(UInt64(n))
            }
            var refusals: [BoundCut.Refusal] = []
            for batch in try fabric.exchange(Array(repeating: mine.bytes, count: ranks)) {
                var reader = WireReader(batch)
                do {
                    while !reader.atEnd {
                        let name = String(decoding: try reader.blob(), as: UTF8.self)
                        refusals.append(.init(bound: name, states: Int(try reader.get(UInt64.self))))
                    }
                } catch {
                    throw FabricEnded(reason: Self.unreadable)
                }
            }
            cut.add(BoundCut(states: Int(sums[2]), refusals: []))
            for r in refusals { cut.add(BoundCut(states: 0, refusals: [r])) }
        }
        agreed = Agreed(
            transitions: Int(sums[0]), beyondBound: sums[1] > 0, cutStates: Int(sums[2]), cut: cut,
            expansions: Int(sums[3]), bytesSent: Int(sums[4]), visitedBytes: Int(sums[5]),
            spillFrom: Int(exactly: firsts[2 * p]), fingerprintBytes: Int(sums[6]), filterBytes: Int(sums[7]),
            parentBytes: Int(sums[8]), levelBytes: Int(sums[9]))
    }

    /// The report every rank builds from what was agreed: counterexamples from the rebuilt
    /// paths, minimized as the single-process search minimizes them.
    func report(stop: SearchStopReason, ended: FabricEnded?, seconds: Double) -> DistributedReport<M> {
        var graph = SearchGraph()
        var remapped: [NodeID: NodeID] = [:]
        for node in paths.keys.sorted() {
            guard let path = paths[node] else { continue }
            graph.append(parent: SearchGraph.root, action: UInt16(path.initial))
            for action in path.actions { graph.append(parent: NodeID(graph.count - 1), action: action) }
            remapped[node] = NodeID(graph.count - 1)
        }
        var found = Findings(properties: expansion.properties.count)
        for i in found.violation.indices {
            found.violation[i] = Self.found(agreedViolation[i]) { remapped[$0] }
            found.witness[i] = agreedWitness[i] == .max ? nil : remapped[agreedWitness[i]]
        }
        found.transitions = agreed.transitions
        found.beyondBound = agreed.beyondBound
        found.cutStates = agreed.cut.states
        for r in agreed.cut.refusals { found.noteCut(r.bound, r.states) }
        let single = BreadthFirstSearch(search.model, options: search.options)
        var report = single.report(
            expansion: expansion, graph: graph, findings: found, depth: depth, stop: stop, seconds: seconds,
            visitedBytes: agreed.visitedBytes, distinctStates: distinct)
        report.spilled = spillSummary()
        if stop == .spillFailed { report.spillProblem = spillProblem }
        if placesFull && stop == .stateLimit {
            report.capacityStop = "a rank held \(placeCap.grouped) keys, as many as a rank's 32-bit visited-set places number"
        }
        let covered = ended == nil && [.exhausted, .depthBound].contains(stop)
        var out = DistributedReport(
            search: report, ranks: ranks, expansions: agreed.expansions,
            expandable: covered ? distinct : agreed.expansions, bytesSent: agreed.bytesSent, ended: ended,
            signal: signal == 0 ? nil : signal)
        out.resumedLevel = resumedLevel
        out.checkpointNote = checkpointNote
        out.checkpointProblem = checkpointProblem
        return out
    }
}
