import Foundation

/// One rank's side of a distributed search at a level boundary, as a file: its share of the
/// visited set, of the parent links and of the frontier (its states in the wire's portable
/// form: a process's own stored bytes, such as the fleet's intern ids, mean nothing to the next
/// process), its own findings and what the ranks agreed so far. Each rank of a job writes one
/// per checkpointed level, `PREFIX.rank-R-of-N.level-D.checkpoint`; a job resumes from the last
/// level every rank wrote.
///
/// External input when read back: it ends with a checksum of every byte before it, and every
/// count is range-checked, so a damaged file is refused whole.
struct RankCheckpoint {
    static let magic: UInt64 = 0x3254_504B_4344_4343  // "CCDCKPT2"
    /// The first format (32-bit node ids): refused as an older cardcheck's, never misread.
    static let magicV1: UInt64 = 0x3154_504B_4344_4343

    var identity: UInt64
    var ranks: Int
    var rank: Int
    var depth: Int
    var seconds: Double
    var distinct: Int
    var levelStart: Int
    var levelCount: Int
    var inserted: Int
    var expansions: Int
    var bytesSent: Int
    /// The agreed sums of the last level end: transitions, beyond-bound flag, cut states,
    /// expansions, bytes sent, visited bytes; and the agreed bound cut's refusals.
    var agreedSums: [UInt64]
    var agreedCut: BoundCut
    var findings: Findings
    var agreedViolation: [UInt64]
    var agreedWitness: [UInt64]
    /// The rebuilt paths to agreed findings, by node.
    var paths: [(node: NodeID, path: DistributedPath)]
    /// 40-bit ids, each written as two columns (32-bit low words, then high bytes).
    var nodeIDs: NodeIDColumn
    var parents: NodeIDColumn
    var actionIndices: [UInt16]
    var keys: [UInt64]
    var frontierIDs: [NodeID]
    var frontierUsed: [UInt8]
    /// The frontier's states as one wire batch from rank 0 to rank 1 of a two-rank wire.
    var frontierStates: [UInt8]

    /// `PREFIX.rank-R-of-N.level-D.checkpoint`.
    static func path(prefix: String, rank: Int, ranks: Int, level: Int) -> String {
        "\(prefix).rank-\(rank)-of-\(ranks).level-\(level).checkpoint"
    }

    /// The checkpoint files of `prefix` in its folder: (path, rank, ranks, level) each, sorted.
    static func files(prefix: String) -> [(path: String, rank: Int, ranks: Int, level: Int)] {
        let folder = (prefix as NSString).deletingLastPathComponent
        let stem = (prefix as NSString).lastPathComponent + ".rank-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.sorted().compactMap { name in
            guard name.hasPrefix(stem), name.hasSuffix(".checkpoint") else { return nil }
            let middle = name.dropFirst(stem.count).dropLast(".checkpoint".count)
            // R-of-N.level-D
            let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].hasPrefix("level-") else { return nil }
            let rn = parts[0].components(separatedBy: "-of-")
            guard rn.count == 2, let r = Int(rn[0]), let n = Int(rn[1]), let level = Int(parts[1].dropFirst(6)),
                r >= 0, n > r, level >= 0
            else { return nil }
            return ((folder.isEmpty ? "" : folder + "/") + name, r, n, level)
        }
    }

    /// Removes this rank's temporary files a kill left mid-write (`AtomicFile`'s, named
    /// `.NAME.rank-R-of-N.level-D.checkpoint…`): no other rank writes them.
    static func sweep(prefix: String, rank: Int, ranks: Int) {
        let folder = (prefix as NSString).deletingLastPathComponent
        let stem = "." + (prefix as NSString).lastPathComponent + ".rank-\(rank)-of-\(ranks)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for name in names where name.hasPrefix(stem) { unlink((folder.isEmpty ? "" : folder + "/") + name) }
    }

    /// The file's bytes: the fields, then their checksum.
    func encoded() -> Data {
        var w = Data()
        func put(_ x: UInt64) { withUnsafeBytes(of: x.littleEndian) { w.append(contentsOf: $0) } }
        func putArray<T: FixedWidthInteger>(_ a: [T]) {
            put(UInt64(a.count))
            a.map(\.littleEndian).withUnsafeBytes { w.append(contentsOf: $0) }
        }
        put(Self.magic)
        put(0)  // the file's length, set below
        put(identity)
        for n in [ranks, rank, depth] { put(UInt64(n)) }
        put(seconds.bitPattern)
        for n in [distinct, levelStart, levelCount, inserted, expansions, bytesSent] { put(UInt64(n)) }
        putArray(agreedSums)
        put(UInt64(agreedCut.refusals.count))
        for refusal in agreedCut.refusals {
            putArray(Array(refusal.bound.utf8))
            put(UInt64(refusal.states))
        }
        put(UInt64(findings.violation.count))
        findings.putViolations(put)
        put(UInt64(findings.transitions))
        put(findings.beyondBound ? 1 : 0)
        put(UInt64(findings.cutStates))
        put(UInt64(findings.cutBounds.count))
        for (bound, n) in zip(findings.cutBounds, findings.cutCounts) {
            putArray(Array(bound.utf8))
            put(UInt64(n))
        }
        putArray(agreedViolation)
        putArray(agreedWitness)
        put(UInt64(paths.count))
        for (node, path) in paths {
            put(UInt64(node))
            put(UInt64(path.initial))
            putArray(path.actions)
        }
        for column in [nodeIDs, parents] {
            putArray(column.lowWords)
            putArray(column.highBytes)
        }
        putArray(actionIndices)
        putArray(keys)
        putArray(frontierIDs)
        putArray(frontierUsed)
        putArray(frontierStates)
        let length = UInt64(w.count + 8).littleEndian
        withUnsafeBytes(of: length) { w.replaceSubrange(8..<16, with: $0) }
        put(w.withUnsafeBytes(SearchCheckpoint.checksum))
        return w
    }

    /// Reads and checks `path` (checksum, identity, rank, every count in range); one line
    /// naming the file when it cannot be resumed from.
    static func read(path: String, identity: UInt64, rank: Int, ranks: Int, properties: Int) throws(CheckpointError) -> RankCheckpoint {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 32 else { throw .unreadable(path) }
        let magic = data.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        if magic == Self.magicV1 { throw .olderFormat(path) }
        guard magic == Self.magic else { throw .unreadable(path) }
        var r = ByteReader(data: data.prefix(data.count - 8))
        _ = r.u64()
        guard r.u64() == UInt64(data.count) else { throw .unreadable(path) }
        let stored = data.suffix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        guard r.data.withUnsafeBytes(SearchCheckpoint.checksum) == stored else { throw .damaged(path, "checksum mismatch") }
        guard r.u64() == identity else { throw .otherRun(path) }
        do {
            return try parse(&r, identity: identity, rank: rank, ranks: ranks, properties: properties, path: path)
        } catch let error as CheckpointError {
            throw error
        } catch {
            throw .unreadable(path)
        }
    }

    private static func parse(
        _ r: inout ByteReader, identity: UInt64, rank: Int, ranks: Int, properties: Int, path: String
    ) throws -> RankCheckpoint {
        func field(_ name: String, max: Int) throws -> Int {
            let raw = try r.word()
            guard raw <= UInt64(max) else { throw CheckpointError.damaged(path, "\(name) \(raw) out of range") }
            return Int(raw)
        }
        let big = Int.max / 2, node = NodeIDs.cap - 1
        guard try field("ranks", max: 1 << 20) == ranks, try field("rank", max: 1 << 20) == rank else {
            throw CheckpointError.damaged(path, "not rank \(rank) of \(ranks)")
        }
        let depth = try field("depth", max: Int(UInt32.max))
        let seconds = Double(bitPattern: try r.word())
        guard seconds.isFinite, seconds >= 0 else { throw CheckpointError.damaged(path, "elapsed time \(seconds)") }
        let counts = try ["distinct", "level start", "level count", "inserted", "expansions", "bytes sent"].map { try field($0, max: big) }
        let sums: [UInt64] = try r.array()
        guard sums.count == 6, sums.allSatisfy({ $0 <= UInt64(big) }) else { throw CheckpointError.damaged(path, "agreed sums") }
        var cut = BoundCut(states: Int(sums[2]), refusals: [])
        for _ in 0..<(try field("cut bound count", max: SearchCheckpoint.maxCutBounds)) {
            let name: [UInt8] = try r.array()
            guard let text = String(validating: name, as: UTF8.self), !text.isEmpty else { throw CheckpointError.damaged(path, "a bound name") }
            cut.add(BoundCut(states: 0, refusals: [.init(bound: text, states: try field("cut count", max: big))]))
        }
        guard try field("property count", max: 4096) == properties else { throw CheckpointError.otherRun(path) }
        var findings = Findings(properties: properties)
        try findings.readViolations(node: node) { try field($0, max: $1) }
        findings.transitions = try field("transitions", max: big)
        findings.beyondBound = try field("beyond-bound flag", max: 1) == 1
        findings.cutStates = try field("cut states", max: big)
        for _ in 0..<(try field("cut bound count", max: SearchCheckpoint.maxCutBounds)) {
            let name: [UInt8] = try r.array()
            guard let text = String(validating: name, as: UTF8.self), !text.isEmpty, !findings.cutBounds.contains(text) else {
                throw CheckpointError.damaged(path, "a bound name")
            }
            findings.noteCut(text, try field("cut count", max: big))
        }
        let agreedViolation: [UInt64] = try r.array()
        let agreedWitness: [UInt64] = try r.array()
        guard agreedViolation.count == properties, agreedWitness.count == properties else {
            throw CheckpointError.damaged(path, "agreed findings")
        }
        var paths: [(node: NodeID, path: DistributedPath)] = []
        for _ in 0..<(try field("path count", max: 2 * properties)) {
            let target = NodeID(try field("path node", max: node))
            let initial = try field("initial state", max: Int(UInt16.max))
            let actions: [UInt16] = try r.array()
            paths.append((target, DistributedPath(initial: initial, actions: actions)))
        }
        guard let nodeIDs = try NodeIDColumn(low: r.array(), high: r.array()),
            let parents = try NodeIDColumn(low: r.array(), high: r.array())
        else { throw CheckpointError.damaged(path, "node id columns of different lengths") }
        let actionIndices: [UInt16] = try r.array()
        let keys: [UInt64] = try r.array()
        let frontierIDs: [UInt64] = try r.array()
        let frontierUsed: [UInt8] = try r.array()
        let frontierStates: [UInt8] = try r.array()
        guard r.atEnd else { throw CheckpointError.damaged(path, "bytes after the last field") }
        let ids = nodeIDs.array
        guard parents.count == nodeIDs.count, actionIndices.count == nodeIDs.count, frontierUsed.count == frontierIDs.count,
            zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }), keys.allSatisfy({ $0 != 0 }),
            counts[1] <= counts[0], counts[2] <= counts[0], nodeIDs.count <= counts[0], frontierIDs.count <= counts[2],
            counts[0] <= NodeIDs.cap, ids.last.map({ $0 < counts[0] }) ?? true,
            frontierIDs.allSatisfy({ $0 < counts[0] }), ranks == 1 || counts[3] <= NodeIDs.rankPlaceCap
        else { throw CheckpointError.damaged(path, "\(nodeIDs.count) nodes, \(keys.count) keys, \(frontierIDs.count) frontier states") }
        // A parent precedes its child (or is the root): no cycle, no id past the graph.
        for (i, id) in ids.enumerated() where parents[i] != SearchGraph.root && parents[i] >= id {
            throw CheckpointError.damaged(path, "node \(id)'s parent \(parents[i]) is not before it")
        }
        return RankCheckpoint(
            identity: identity, ranks: ranks, rank: rank, depth: depth, seconds: seconds, distinct: counts[0],
            levelStart: counts[1], levelCount: counts[2], inserted: counts[3], expansions: counts[4], bytesSent: counts[5],
            agreedSums: sums, agreedCut: cut, findings: findings, agreedViolation: agreedViolation, agreedWitness: agreedWitness,
            paths: paths, nodeIDs: nodeIDs, parents: parents, actionIndices: actionIndices, keys: keys, frontierIDs: frontierIDs,
            frontierUsed: frontierUsed, frontierStates: frontierStates)
    }
}
