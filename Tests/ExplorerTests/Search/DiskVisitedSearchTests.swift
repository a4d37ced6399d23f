import ClassicModels
import Foundation
import Synchronization
import Testing
@testable import Explorer

/// The visited set and the parent links on disk (`--spill` past `--memory`): forced from the
/// first batch, the tables flushed to their runs every few keys, the report is the in-memory one.
@Suite struct DiskVisitedSearchTests {
    func summary<M: Model>(_ report: SearchReport<M>) -> [String] {
        report.lines() + ["transitions \(report.transitions)"]
            + report.verdicts.map { "\($0.name): \($0.witness?.steps.map(\.description) ?? [])" }
    }

    /// Spilling from the first batch, the tables flushed whenever they hold `flushKeys` keys, the
    /// runs' filters within `filter` bytes (the mark's quarter, 0, gives none).
    static func onDisk(_ threads: Int, flushKeys: Int = 16, filter: Int = 0, depth: Int? = nil) -> SearchOptions {
        var options = SearchOptions(depthBound: depth, threads: threads)
        options.roundStates = 1024
        var spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 0)
        spill.flushKeys = flushKeys
        spill.filterBudget = filter
        options.spill = spill
        return options
    }

    @Test("two-phase commit, die hard, the flag mutex and a fan: the disk-backed report is the in-memory one, 1 and 2 threads, the runs with filters and without",
          arguments: [1, 2], [0, 1 << 16])
    func sameAnswer(threads: Int, filter: Int) throws {
        func compare<M: Model>(_ model: M, depth: Int? = nil, parents: Bool = true) throws {
            let onDisk = BreadthFirstSearch(model, options: Self.onDisk(threads, filter: filter, depth: depth)).run()
            let inMemory = BreadthFirstSearch(model, options: SearchOptions(depthBound: depth, threads: threads)).run()
            #expect(summary(onDisk) == summary(inMemory), "\(model.name)")
            let spilled = try #require(onDisk.spilled, "\(model.name) did not spill")
            #expect(spilled.fromDepth == 0 && onDisk.spillProblem == nil)
            // The runs had filters (within the budget) when given one, and none otherwise.
            #expect(filter == 0 ? spilled.filterBytes == 0 : spilled.filterBytes > 0 && spilled.filterBytes <= filter, "\(model.name)")
            // Every key went through a run: the runs written hold at least every state once.
            #expect(spilled.fingerprintBytesWritten >= 8 * (inMemory.distinctStates - 16), "\(model.name)")
            // Parent links go out in whole 4,096-link chunks.
            #expect((spilled.parentBytesWritten > 0) == parents, "\(model.name)")
        }
        try compare(TwoPhaseCommit(resourceManagers: 3), parents: false)
        try compare(TwoPhaseCommit(resourceManagers: 5))
        try compare(DieHard(), parents: false)
        try compare(FlagMutex(processes: 7), depth: 12)  // a counterexample past a chunk of links
        try compare(OrderedFan())
    }

    @Test("progress says what a spilling search holds on disk and what is free there; nothing before it spills")
    func progressOnDisk() throws {
        let seen = Mutex<[SpillUse?]>([])
        var options = Self.onDisk(1)
        options.progress = { p in seen.withLock { $0.append(p.spill) } }
        // 288 states: no level or parent-link chunk fills (4,096), so what is on disk is the runs'.
        let model = TwoPhaseCommit(resourceManagers: 3)
        _ = BreadthFirstSearch(model, options: options).run()
        let last = try #require(seen.withLock { $0.last } ?? nil)
        #expect(last.bytes >= 2_304 && last.free.map { $0 > 0 } == true, "\(last)")
        var inMemory = SearchOptions(threads: 1)
        let quiet = Mutex<[SpillUse?]>([])
        inMemory.progress = { p in quiet.withLock { $0.append(p.spill) } }
        _ = BreadthFirstSearch(model, options: inMemory).run()
        #expect(!quiet.withLock { $0 }.isEmpty && quiet.withLock { $0 }.allSatisfy { $0 == nil })
    }

    @Test("a run damaged on disk stops the search: partial report, the spill problem naming the file")
    func damagedRun() throws {
        var options = Self.onDisk(1)
        let damaged = Mutex(false)
        options.spill?.written = { file, role in
            // The first run written past block 0 gets a byte of its first block flipped.
            guard role == "visited", file.written > FingerprintRun.blockBytes, !damaged.withLock({ $0 }) else { return }
            var byte: UInt8 = 0
            _ = pread(file.fd, &byte, 1, 3)
            byte ^= 1
            _ = pwrite(file.fd, &byte, 1, 3)
            damaged.withLock { $0 = true }
        }
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 5), options: options).run()
        #expect(damaged.withLock { $0 })
        #expect(report.stopReason == .spillFailed && !report.exhaustive)
        #expect(report.spillProblem == "\(NSTemporaryDirectory()): the visited set's file read back differs from what was written (block 0)")
    }

    @Test("parent links damaged on disk: no counterexample is made up, the verdict is named unknown and the run failed")
    func damagedParents() throws {
        var options = Self.onDisk(1)
        let parents = Mutex<SpillFile?>(nil)
        options.spill?.written = { file, role in
            if role == "parents" { parents.withLock { $0 = file } }
            // Once the first chunk of links is on disk, a byte of it flipped.
            guard role == "visited", let links = parents.withLock({ $0 }), links.written > 0 else { return }
            parents.withLock { $0 = nil }
            var byte: UInt8 = 0
            _ = pread(links.fd, &byte, 1, 8)
            byte ^= 1
            _ = pwrite(links.fd, &byte, 1, 8)
        }
        let model = FlagMutex(processes: 7)
        let report = BreadthFirstSearch(model, options: options).run()
        let inMemory = BreadthFirstSearch(model, options: SearchOptions(threads: 1)).run()
        // Both traces start at the first chunk of links: neither is made up from the damaged one.
        #expect(inMemory.counterexample("mutual exclusion") != nil)
        #expect(inMemory.verdict("someone enters")?.witness != nil)
        #expect(report.stopReason == .spillFailed && !report.exhaustive)
        #expect(report.counterexample("mutual exclusion") == nil)
        #expect(report.verdict("someone enters")?.witness == nil)
        #expect(report.spillProblem == "\(NSTemporaryDirectory()): the spill file read back differs from what was written; "
            + "no trace for mutual exclusion, someone enters, whose path could not be read back: their verdicts are unknown")
    }

    @Test("the tables join the runs past the mark once they hold an eighth of the runs, or they and the runs' filters half the mark")
    func flushRule() {
        let spill = SearchSpilling(directory: NSTemporaryDirectory(), afterBytes: 4_000)
        // Under the mark: never, whatever the tables hold.
        #expect(!spill.flushesVisited(stored: 900, inRuns: 800, tableBytes: 3_000, filterBytes: 0, resident: 3_999))
        // Past it: an eighth of the runs, not less...
        #expect(spill.flushesVisited(stored: 100, inRuns: 800, tableBytes: 1_000, filterBytes: 0, resident: 4_000))
        #expect(!spill.flushesVisited(stored: 99, inRuns: 800, tableBytes: 1_999, filterBytes: 0, resident: 9_000))
        // ...unless the tables hold half the mark: then at once, however large the runs.
        #expect(spill.flushesVisited(stored: 99, inRuns: 800, tableBytes: 2_000, filterBytes: 0, resident: 4_000))
        #expect(spill.flushesVisited(stored: 1, inRuns: 1 << 40, tableBytes: 2_001, filterBytes: 0, resident: 4_001))
        // The filters count with the tables.
        #expect(spill.flushesVisited(stored: 99, inRuns: 800, tableBytes: 1_000, filterBytes: 1_000, resident: 4_000))
        #expect(!spill.flushesVisited(stored: 99, inRuns: 800, tableBytes: 1_000, filterBytes: 999, resident: 4_000))
        // Their budget: a quarter of the mark.
        #expect(spill.filterBytes == 1_000)
    }
}
