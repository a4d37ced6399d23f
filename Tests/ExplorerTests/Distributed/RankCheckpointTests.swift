import ClassicModels
import Foundation
import Testing
@testable import Explorer

/// A rank's checkpoint read back: the search resumed from it ends with the uninterrupted
/// report, and a file whose checksum is right but whose path to a finding does not replay in
/// the model is refused before the search (it would stop the report's counterexample rebuild).
struct RankCheckpointTests {
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "rank-checkpoint-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Die Hard on one rank, stopped after the level of its first violation, checkpointed at
    /// every level: the checkpoint left (one file) and the options that wrote it.
    static func stopped(in folder: String) throws -> (path: String, options: SearchOptions) {
        var options = SearchOptions(stopAtFirstViolation: true)
        options.checkpoint = SearchCheckpointing(path: folder + "/die-hard", interval: 0)
        let first = DistributedSearch(DieHard(), options: options, fabric: SoloFabric()).run()
        #expect(first.search.stopReason == .firstViolation)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        let name = try #require(files.first, "no checkpoint written")
        #expect(files.count == 1 && name.hasPrefix("die-hard.rank-0-of-1.level-"), "\(files)")
        var resumable = options
        resumable.stopAtFirstViolation = false
        return (folder + "/" + name, resumable)
    }

    @Test("resumed from the checkpoint after its first violation, the search ends with the single process's report")
    func resumedReport() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, options) = try Self.stopped(in: folder)
        let search = DistributedSearch(DieHard(), options: options, fabric: SoloFabric())
        #expect(search.checkpointError() == nil)
        let resumed = search.run()
        #expect(resumed.resumedLevel != nil)
        let single = BreadthFirstSearch(DieHard()).run()
        #expect(resumed.search.distinctStates == single.distinctStates && resumed.search.transitions == single.transitions)
        #expect(resumed.search.stopReason == single.stopReason && resumed.search.depthReached == single.depthReached)
        // The verdicts and counterexamples as check prints them (the time line aside).
        #expect(resumed.search.lines().filter { !$0.hasPrefix("time ") } == single.lines().filter { !$0.hasPrefix("time ") })
        // Covered: the checkpoint is removed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a checkpoint whose path to a finding does not replay (its checksum right) is refused, one line naming the file")
    func pathThatDoesNotReplay() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, options) = try Self.stopped(in: folder)
        let model = DieHard()
        var c = try RankCheckpoint.read(
            path: path, identity: SearchCheckpoint.identity(model, options), rank: 0, ranks: 1, properties: model.properties.count)
        try #require(!c.paths.isEmpty && !c.paths[0].path.actions.isEmpty)
        c.paths[0].path.actions[0] = 999
        try c.encoded().write(to: URL(fileURLWithPath: path))
        let error = DistributedSearch(model, options: options, fabric: SoloFabric()).checkpointError()
        #expect(error?.description == "\(path): a damaged checkpoint (the path to node \(c.paths[0].node) does not replay); remove it to start afresh")
    }
}

/// A rank's checkpoint holding node ids past 2^32 (40-bit ids; a small world cannot make them):
/// written and read back whole, and a first-format file (32-bit ids) refused, never misread.
struct RankCheckpointWideTests {
    static func wide() -> RankCheckpoint {
        let base = NodeID(1) << 32 | 5
        let distinct = Int(base) + 1_000_000
        var findings = Findings(properties: 2)
        findings.violation[0] = .step(base + 9, 3)
        findings.witness[1] = base + 1
        return RankCheckpoint(
            identity: 42, ranks: 2, rank: 1, depth: 7, seconds: 1.5, distinct: distinct, levelStart: Int(base) + 10,
            levelCount: 999_990, inserted: 4, expansions: 3, bytesSent: 100, agreedSums: [1, 0, 0, 3, 100, 64],
            agreedCut: BoundCut(), findings: findings,
            agreedViolation: [DistributedRun<DieHard>.code(.step(base + 9, 3)), .max], agreedWitness: [.max, base + 1],
            paths: [(node: base + 9, path: DistributedPath(initial: 0, actions: [1, 2]))],
            nodeIDs: NodeIDColumn([base, base + 1, base + 9, NodeID(1) << 39]),
            parents: NodeIDColumn([NodeIDs.root, base, base + 1, base + 9]), actionIndices: [0, 1, 2, 3],
            keys: [11, 12, 13, 14], frontierIDs: [NodeID(1) << 39], frontierUsed: [0], frontierStates: [])
    }

    @Test("ids, parents, frontier ids, paths and findings past 2^32 round-trip through the file")
    func roundTrip() throws {
        let folder = RankCheckpointTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wide"
        var c = Self.wide()
        c.distinct = Int(NodeID(1) << 39) + 1
        try c.encoded().write(to: URL(fileURLWithPath: path))
        let back = try RankCheckpoint.read(path: path, identity: 42, rank: 1, ranks: 2, properties: 2)
        #expect(back.nodeIDs.array == c.nodeIDs.array && back.parents.array == c.parents.array)
        #expect(back.frontierIDs == c.frontierIDs && back.paths.map(\.node) == c.paths.map(\.node))
        #expect(back.findings.violation == c.findings.violation && back.findings.witness == c.findings.witness)
        #expect(back.agreedViolation == c.agreedViolation && back.agreedWitness == c.agreedWitness)
        #expect(DistributedRun<DieHard>.found(back.agreedViolation[0]) { $0 } == .step(NodeID(1) << 32 | 14, 3))
        #expect(back.distinct == c.distinct && back.levelStart == c.levelStart)
    }

    @Test("range checks hold past 2^32: an id at the count, a parent after its node", arguments: ["id", "parent"])
    func rangeChecks(_ what: String) throws {
        let folder = RankCheckpointTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wide"
        var c = Self.wide()
        // The last node's id at the count (ids are below it), or the last parent after its node.
        if what == "id" { c.distinct = Int(NodeID(1) << 39) } else {
            c.distinct = Int(NodeID(1) << 39) + 1
            c.parents = NodeIDColumn([NodeIDs.root, NodeID(1) << 32 | 5, NodeID(1) << 39, NodeID(1) << 32 | 14])
        }
        try c.encoded().write(to: URL(fileURLWithPath: path))
        #expect(throws: CheckpointError.self) { try RankCheckpoint.read(path: path, identity: 42, rank: 1, ranks: 2, properties: 2) }
    }

    @Test("a first-format rank checkpoint (32-bit ids) is refused as an older cardcheck's")
    func olderFormat() throws {
        let folder = RankCheckpointTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/old"
        var c = Self.wide()
        c.distinct = Int(NodeID(1) << 39) + 1
        var bytes = [UInt8](c.encoded())
        bytes.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt64(0x3154_504B_4344_4343).littleEndian, Array.init))
        let body = bytes.dropLast(8)
        let sum = body.withUnsafeBytes(SearchCheckpoint.checksum)
        try (Data(body) + withUnsafeBytes(of: sum.littleEndian) { Data($0) }).write(to: URL(fileURLWithPath: path))
        #expect(throws: CheckpointError.olderFormat(path)) {
            try RankCheckpoint.read(path: path, identity: 42, rank: 1, ranks: 2, properties: 2)
        }
    }
}
