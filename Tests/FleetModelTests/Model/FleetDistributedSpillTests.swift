import Foundation
import Synchronization
import Testing
@testable import Explorer
@testable import FleetModel

/// The distributed search with each rank's visited keys on disk (`--spill`), its ranks threads
/// of one process in rounds of 4 states: spilling from the first round and the tables flushed
/// every 16 keys, mid-level too, so a peer's step often meets a key of an earlier level that is
/// in the run only, and one of the level being filled that must keep its place.
@Suite("FleetDistributedSpill")
struct FleetDistributedSpillTests {
    /// Every rank's report, its links and the keys its runs hold at the end.
    static func run(_ ranks: Int, _ options: SearchOptions) -> [(report: DistributedReport<FleetSystem>, links: [[UInt64]], inRuns: Int)] {
        let model = Fixture.restartsAndDrops
        return ThreadFabric.run(ThreadFabric.Shared(size: ranks)) { fabric in
            var run = DistributedRun(search: DistributedSearch(model, options: options, fabric: fabric))
            let report = run.run()
            // The links on disk read back first (the walks back read only the findings' chunks).
            let n = run.nodeIDs.count
            guard run.nodeIDs.load(0..<n), run.parents.load(0..<n), run.actionIndices.load(0..<n) else { return (report, [], -1) }
            let links = (0..<run.nodeIDs.count).map { [run.nodeIDs[$0], run.parents[$0], UInt64(run.actionIndices[$0])] }
            return (report, links, run.visited.runCount)
        }
    }

    /// Flips one bit of the byte at `offset` of a spill file: damage its checksum must catch.
    static func flip(_ file: SpillFile, at offset: off_t) {
        var byte: UInt8 = 0
        _ = pread(file.fd, &byte, 1, offset)
        byte ^= 1
        _ = pwrite(file.fd, &byte, 1, offset)
    }

    @Test("1, 2 and 4 ranks with their visited keys on disk from the first round give the single process's report and every state the same link",
          arguments: [1, 2, 4])
    func sameReportOnDisk(_ ranks: Int) throws {
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        let single = BreadthFirstSearch(Fixture.restartsAndDrops, options: options).run()
        options.roundStates = 1
        let inMemory = options
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = 16
        options.spill = spill
        let onDisk = Self.run(ranks, options)
        let links = { (each: [(report: DistributedReport<FleetSystem>, links: [[UInt64]], inRuns: Int)]) in
            each.flatMap(\.links).sorted { $0[0] < $1[0] }
        }
        #expect(single.distinctStates > 500)
        // One rank in memory gives every state its link (`FleetDistributedTests.sameLinks`).
        #expect(links(onDisk) == FleetDistributedTests.links(1, inMemory))
        for (rank, each) in onDisk.enumerated() {
            #expect(FleetDistributedTests.lines(each.report.search) == FleetDistributedTests.lines(single), "rank \(rank) of \(ranks)")
            #expect(each.report.workOverhead == 1)
            let spilled = try #require(each.report.search.spilled, "rank \(rank) of \(ranks) did not spill")
            #expect(spilled.fromDepth == 0 && each.report.search.spillProblem == nil)
            #expect(spilled.fingerprintBytesWritten >= 8 * (single.distinctStates - 16 * ranks), "rank \(rank) of \(ranks)")
        }
        // Every key but the last few of each rank (fewer than 16 left in its table) is in a run.
        #expect(onDisk.reduce(0) { $0 + $1.inRuns } > single.distinctStates - 16 * ranks)
    }

    @Test("a rank's run damaged on disk stops every rank at the same round: partial report, the lowest failing rank's problem")
    func damagedRun() throws {
        var options = SearchOptions(threads: 1)
        options.depthBound = 7
        options.roundStates = 1
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = 16
        // Every run past its first block written gets a byte of its first block flipped.
        spill.written = { file, role in
            guard role == "visited", file.written > FingerprintRun.blockBytes else { return }
            Self.flip(file, at: 3)
        }
        options.spill = spill
        let reports = Self.run(2, options).map(\.report)
        for report in reports {
            #expect(report.search.stopReason == .spillFailed && !report.search.exhaustive)
            let problem = try #require(report.search.spillProblem)
            #expect(problem.hasPrefix(NSTemporaryDirectory()) && problem.contains("the visited set's file"), "\(problem)")
        }
        #expect(FleetDistributedTests.lines(reports[0].search) == FleetDistributedTests.lines(reports[1].search))
        #expect(reports[0].search.spillProblem == reports[1].search.spillProblem)
    }

    /// The fleet to depth 9 alone: 20,448 states, its last levels 4,875 and 12,575 (a chunk is 4,096).
    static let depthNine: SearchReport<FleetSystem> = {
        var options = SearchOptions(threads: 1)
        options.depthBound = 9
        return BreadthFirstSearch(Fixture.restartsAndDrops, options: options).run()
    }()

    /// Spilling from the first round, levels included; `damage` sees each spill file as written.
    static func levelsSpilling(_ damage: (@Sendable (SpillFile, String) -> Void)? = nil) -> SearchOptions {
        var options = SearchOptions(threads: 1)
        options.depthBound = 9
        options.roundStates = 64
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = 1_024
        spill.written = damage
        options.spill = spill
        return options
    }

    @Test("1, 2 and 4 ranks with their frontiers' chunks on disk from the first level give the single process's report",
          arguments: [1, 2, 4])
    func levelsOnDisk(_ ranks: Int) throws {
        let single = Self.depthNine
        let reports = ThreadFabric.run(ThreadFabric.Shared(size: ranks)) { fabric in
            var run = DistributedRun(search: DistributedSearch(Fixture.restartsAndDrops, options: Self.levelsSpilling(), fabric: fabric))
            return (run.run(), run.spill?.summary?.bytesWritten ?? -1)
        }
        #expect(single.distinctStates == 20_448)
        for (rank, (report, levelBytes)) in reports.enumerated() {
            #expect(FleetDistributedTests.lines(report.search) == FleetDistributedTests.lines(single), "rank \(rank) of \(ranks)")
            let spilled = try #require(report.search.spilled, "rank \(rank) of \(ranks) did not spill")
            #expect(spilled.fromDepth == 0 && report.search.spillProblem == nil)
            // The summary's levels are every rank's; on 4 ranks a level of 12,575 fills no
            // rank's chunk, so only 1 and 2 ranks are sure to write (and read back) one each.
            #expect(spilled.bytesWritten == reports.reduce(0) { $0 + $1.1 })
            if ranks <= 2 { #expect(levelBytes > 0, "rank \(rank) of \(ranks) wrote no level chunk") }
        }
    }

    @Test("a frontier chunk damaged on disk stops the job at that round: partial report, the file's line")
    func damagedLevel() throws {
        // Each new frontier's last chunk on disk gets a byte flipped as it is written: on one
        // rank, level 8's only chunk and level 9's third, read back rounds later.
        let options = Self.levelsSpilling { file, role in
            guard role == "frontier", file.end > 0 else { return }
            Self.flip(file, at: off_t(file.end - 3))
        }
        let report = DistributedSearch(Fixture.restartsAndDrops, options: options, fabric: SoloFabric()).run()
        #expect(report.search.stopReason == .spillFailed && !report.search.exhaustive)
        let problem = try #require(report.search.spillProblem)
        #expect(problem == "\(NSTemporaryDirectory()): the spill file read back differs from what was written", "\(problem)")
        #expect(report.search.distinctStates < Self.depthNine.distinctStates)
    }

    @Test("a rank's node ids damaged on disk: the walk back to the default fleet's 10-step counterexample ends the job, partial, naming the links")
    func damagedLinks() throws {
        let model = try FleetDiagnosisTests.model()
        // Depth 11: the ids' first chunk goes to disk as level 10 is numbered, and the flush at
        // the end of its expansion (the hook) comes before the walk back to its finding.
        var options = SearchOptions(depthBound: 11, worldBudget: model.config.bounds.worldBudget, threads: 1)
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = 16
        let ids = Mutex<SpillFile?>(nil)
        // Once the first chunk of ids (4,096) is on disk, a byte of it flipped.
        spill.written = { file, role in
            if role == "ids" { ids.withLock { $0 = file } }
            guard role == "visited", let file = ids.withLock({ $0 }), file.written > 0 else { return }
            ids.withLock { $0 = nil }
            Self.flip(file, at: 8)
        }
        options.spill = spill
        let report = DistributedSearch(model, options: options, fabric: SoloFabric()).run()
        #expect(report.ended?.reason == DistributedRun<FleetSystem>.linksUnreadable, "\(String(describing: report.ended))")
        #expect(!report.search.exhaustive)
    }
}
