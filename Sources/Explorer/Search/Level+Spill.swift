import CPrefetch
import Foundation

/// A search's spilling: the mark it starts at, and once started, the files its levels go to.
final class LevelSpill: @unchecked Sendable {
    let options: SearchSpilling
    /// The level being expanded when the search started spilling (nil: it has not).
    private(set) var startDepth: Int?
    private(set) var files: [SpillFile] = []
    /// The parent links' files (apart from the levels', for the summary).
    private(set) var graphFiles: [SpillFile] = []
    /// Why a spill file could not be opened (the others fail through their own `failure`).
    private var openFailure: String?
    /// The visited set's runs' first failure (read by every worker at the depth bound).
    let visitedFailure = SpillFailure()
    /// Bytes of fingerprints written to the visited set's runs over the run.
    var fingerprintBytesWritten = 0
    /// The most bytes the runs' filters held after a merge.
    var filterBytes = 0
    /// Whether the visited set and the parent links go to disk too (not when counting
    /// behaviours: the set then keeps node ids, and every transition stays in memory anyway).
    var movesVisited = false

    /// The level being expanded (the search sets it), for the summary.
    var depth = 0

    init(_ options: SearchSpilling) { self.options = options }

    /// A closure, not the key path `\.failure`: a key path inlined into `BreadthFirstSearch.run`
    /// keeps cross-module optimization from serializing it, so no model's search was specialized.
    var failure: String? {
        openFailure ?? (files + graphFiles).lazy.compactMap { $0.failure }.first ?? visitedFailure.message
    }

    /// What went to disk, once the search spilled.
    var summary: SpillSummary? {
        startDepth.map {
            SpillSummary(
                fromDepth: $0, bytesWritten: files.reduce(0) { $0 + $1.written }, directory: options.directory,
                fingerprintBytesWritten: fingerprintBytesWritten, filterBytes: filterBytes,
                parentBytesWritten: graphFiles.reduce(0) { $0 + $1.written })
        }
    }

    /// A new file for one column, or nil (and `failure` set) when none can be opened.
    func file(_ name: String, graph: Bool = false) -> SpillFile? {
        guard let file = SpillFile(directory: options.directory, name: name) else {
            openFailure = openFailure
                ?? "\(options.directory): cannot create the spill file: \(String(cString: strerror(errno)))"
            return nil
        }
        if graph { graphFiles.append(file) } else { files.append(file) }
        return file
    }

    func start() { startDepth = depth }

    /// Whether the visited set's tables are due to join their runs (`flushKeys`, then
    /// `SearchSpilling.flushesVisited`), `kept` of their keys staying in memory whatever happens
    /// (a distributed rank's level being filled).
    func flushDue(_ visited: VisitedShards, keeping kept: Int = 0) -> Bool {
        let stored = visited.storedCount - kept
        return stored >= options.flushKeys
            && options.flushesVisited(
                stored: stored, inRuns: visited.runCount, tableBytes: visited.tableBytes,
                filterBytes: visited.filterBytes, resident: ResidentMemory.current())
    }

    /// Moves the visited set's tables into their runs on disk and hands their memory back; a set
    /// with ids keeps the keys placed `first` or later in memory (`VisitedShards.flush`).
    func flush(_ visited: VisitedShards, keepingPlacesFrom first: UInt32 = .max) {
        fingerprintBytesWritten += visited.flush(
            directory: options.directory, failure: visitedFailure, filterBytes: options.filterBytes,
            keepingPlacesFrom: first, written: options.written)
        filterBytes = max(filterBytes, visited.filterBytes)
        cardcheck_release_free_memory()
    }

    /// What the search holds on disk now and what is left there, once it spilled.
    func use(visited: VisitedShards) -> SpillUse? {
        bytesOnDisk(visited: visited).map { SpillUse(bytes: $0, free: SpillFile.freeBytes(in: options.directory)) }
    }

    /// What the search's files hold on disk now, once it spilled (nil before).
    func bytesOnDisk(visited: VisitedShards) -> Int? {
        guard startDepth != nil else { return nil }
        return (files + graphFiles).reduce(0) { $0 + $1.bytesOnDisk } + visited.runBytesOnDisk
    }
}

extension Level {
    /// At a batch or round boundary: starts spilling once resident memory passes the mark, and
    /// reads back the frontier's chunks `range` (about to be expanded) if they are on disk.
    /// Returns `.spillFailed` when a file cannot be opened, written or read.
    mutating func spillAndLoad<M: Model>(
        _ range: Range<Int>, model: M, graph: inout SearchGraph
    ) -> SearchStopReason? where M.Storage.Stored == State {
        guard let spill else { return nil }
        if spill.startDepth == nil, let resident = ResidentMemory.current(), resident >= spill.options.afterBytes {
            startSpilling(spill, codec: .changedBytes ?? .json(model), graph: &graph)
        } else if spill.movesVisited, spill.flushDue(visited) {
            spill.flush(visited)
        }
        guard spill.startDepth != nil else { return nil }
        guard frontier.load(range), used.load(range), spill.failure == nil else { return .spillFailed }
        return nil
    }

    /// Gives each level column a file, writes out the full chunks they hold, and hands the
    /// freed memory back to the kernel so the mark measures what is left.
    private mutating func startSpilling(_ spill: LevelSpill, codec: ChunkCodec<State>, graph: inout SearchGraph) {
        spill.start()
        if record == nil && !visited.hasIDs {
            spill.movesVisited = true
            guard let parents = spill.file("parents", graph: true), let actions = spill.file("actions", graph: true)
            else { return }
            graph.spill(parents: parents, actions: actions)
            spill.options.written?(parents, "parents")
            spill.options.written?(actions, "actions")
            spill.flush(visited)
        }
        guard let bytes = ChunkCodec<UInt8>.raw,
            let f = spill.file("frontier"), let u = spill.file("used"),
            let n = spill.file("next"), let nu = spill.file("next-used")
        else { return }
        frontier.spill = ColumnSpill(file: f, codec: codec)
        used.spill = ColumnSpill(file: u, codec: bytes)
        next.spill = ColumnSpill(file: n, codec: codec)
        nextUsed.spill = ColumnSpill(file: nu, codec: bytes)
        frontier.spillFullChunks()
        used.spillFullChunks()
        next.spillFullChunks()
        nextUsed.spillFullChunks()
        cardcheck_release_free_memory()
    }
}
