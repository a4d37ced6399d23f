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
