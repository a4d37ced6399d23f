import Foundation
import Testing
@testable import Explorer
@testable import FleetModel

/// The default fleet world with its visited set and parent links on disk from the first batch:
/// the report is the in-memory one (to depth 10 in a debug build: the whole world takes minutes).
@Suite("Fleet disk-backed search")
struct FleetDiskVisitedTests {
    @Test("the default fleet world to depth 10, on disk from the first batch (tables flushed every 64 keys), 1 and 2 threads: the in-memory report",
          arguments: [1, 2])
    func defaultWorld(threads: Int) throws {
        let model = try FleetDiagnosisTests.model()
        var options = SearchOptions(depthBound: 10, worldBudget: model.config.bounds.worldBudget, threads: threads)
        let inMemory = BreadthFirstSearch(model, options: options).run()
        options.roundStates = 1024
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = 64
        options.spill = spill
        let onDisk = BreadthFirstSearch(model, options: options).run()
        let lines = { (r: SearchReport<FleetSystem>) in
            r.lines() + ["transitions \(r.transitions)"] + r.verdicts.map { "\($0.name): \($0.witness?.steps.map(\.description) ?? [])" }
        }
        #expect(lines(onDisk) == lines(inMemory))
        // Findings to rebuild from the links on disk, and more than a chunk of links.
        #expect(inMemory.verdicts.contains { inMemory.counterexample($0.name) != nil })
        let spilled = try #require(onDisk.spilled)
        #expect(spilled.fromDepth == 0 && spilled.parentBytesWritten > 0 && spilled.fingerprintBytesWritten > 0)
        #expect(onDisk.spillProblem == nil)
    }
}
