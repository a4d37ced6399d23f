import ClassicModels
import Foundation
import Testing
@testable import Explorer

@Suite struct SearchCheckpointTests {
    static func scratch() -> String { NSTemporaryDirectory() + "cardcheck-ckpt-\(UUID().uuidString)" }

    func resumes<M: Model>(_ model: M, depth: Int? = nil, budget: Int? = nil, stopAt: Int, threads: Int = 1) throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = BreadthFirstSearch(model, options: SearchOptions(depthBound: depth, worldBudget: budget)).run()
        var options = SearchOptions(depthBound: depth, worldBudget: budget, threads: threads)
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        // Cut short by a state limit, mid-level: the last level boundary is on disk.
        var cut = options
        cut.stateLimit = stopAt
        let first = BreadthFirstSearch(model, options: cut).run()
        #expect(!first.exhaustive)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(BreadthFirstSearch(model, options: options).checkpointError() == nil)
        let identity = SearchCheckpoint.identity(model, options)
        let saved = try #require(try SearchCheckpoint.read(path: path, identity: identity, properties: model.properties.count))
        #expect(saved.depth > 0)
        let resumed = BreadthFirstSearch(model, options: options).run()
        #expect(resumed.lines() == whole.lines())
        #expect(resumed.transitions == whole.transitions)
        // A finished search removes its checkpoint, so the next run starts afresh.
        #expect(!FileManager.default.fileExists(atPath: path))
        // The resumed run really starts from the file: a count planted in it comes through.
        _ = BreadthFirstSearch(model, options: cut).run()
        var planted = try #require(try SearchCheckpoint.read(path: path, identity: identity, properties: model.properties.count))
        planted.findings.transitions += 1_000_000
        try planted.write(path: path)
        #expect(BreadthFirstSearch(model, options: options).run().transitions == whole.transitions + 1_000_000)
    }

    @Test("a run cut short and started again ends with the uninterrupted run's report")
    func resume() throws {
        try resumes(TwoPhaseCommit(resourceManagers: 4), stopAt: 500)
        try resumes(FlagMutex(processes: 3), stopAt: 20)
        try resumes(DieHard(), stopAt: 8)
        try resumes(TwoPhaseCommit(resourceManagers: 4), stopAt: 900, threads: 2)
        var counter = Counter(maxPending: 3, maxValue: 5)
        counter.checks = [.always("value under 4") { _, s in s.value < 4 }]
        try resumes(counter, depth: 9, budget: 5, stopAt: 30)
    }

    @Test("a checkpoint written under another fingerprint scheme is refused, not resumed with its keys")
    func refusesOtherFingerprintScheme() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = SearchOptions(depthBound: 9, worldBudget: 5)
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        var cut = options
        cut.stateLimit = 30
        let before = Counter(maxPending: 3, maxValue: 5)
        _ = BreadthFirstSearch(before, options: cut).run()
        #expect(BreadthFirstSearch(before, options: options).checkpointError() == nil)
        var after = before
        after.scheme = "2"
        #expect(BreadthFirstSearch(after, options: options).checkpointError()
            == CheckpointError(description: "\(path): a checkpoint of another model, configuration or bound; remove it to start afresh"))
    }

    @Test("a checkpoint of another configuration or bound is refused, a damaged one too")
    func refusesOtherRuns() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = SearchOptions(depthBound: 6)
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        var cut = options
        cut.stateLimit = 50
        _ = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: cut).run()
        #expect(BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 4), options: options).checkpointError()
            == CheckpointError(description: "\(path): a checkpoint of another model, configuration or bound; remove it to start afresh"))
        var deeper = options
        deeper.depthBound = 7
        #expect(BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: deeper).checkpointError() != nil)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: options).checkpointError()
            == CheckpointError(description: "\(path): not a cardcheck checkpoint (truncated?)"))
    }
}

extension SearchCheckpointTests {
    @Test("a counting search checkpoints as any other; resumed, it says the count is not available")
    func counting() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = TwoPhaseCommit(resourceManagers: 4)
        var options = SearchOptions()
        options.countBehaviours = .total
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        // Never cut short: the checkpoints it wrote are removed and it counts.
        let whole = BreadthFirstSearch(model, options: options).run()
        #expect(whole.behaviours != nil && !FileManager.default.fileExists(atPath: path))
        var cut = options
        cut.stateLimit = 500
        #expect(BreadthFirstSearch(model, options: cut).run().behavioursNotCounted == "the search was not exhaustive: state limit reached")
        let resumed = BreadthFirstSearch(model, options: options).run()
        #expect(resumed.lines() == whole.lines())
        #expect(resumed.behaviours == nil)
        #expect(resumed.behavioursNotCounted == "resumed from a checkpoint, which keeps no transitions")
    }
}
