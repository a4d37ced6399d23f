import CPrefetch
import Foundation

/// A search's spilling: the mark it starts at, and once started, the files its levels go to.
final class LevelSpill: @unchecked Sendable {
    let options: SearchSpilling
    /// The level being expanded when the search started spilling (nil: it has not).
    private(set) var startDepth: Int?
    private(set) var files: [SpillFile] = []
    /// Why a spill file could not be opened (the others fail through their own `failure`).
    private var openFailure: String?

    /// The level being expanded (the search sets it), for the summary.
    var depth = 0

    init(_ options: SearchSpilling) { self.options = options }

    /// A closure, not the key path `\.failure`: a key path inlined into `BreadthFirstSearch.run`
    /// keeps cross-module optimization from serializing it, so no model's search was specialized.
    var failure: String? { openFailure ?? files.lazy.compactMap { $0.failure }.first }

    /// What went to disk, once the search spilled.
    var summary: SpillSummary? {
        startDepth.map { SpillSummary(fromDepth: $0, bytesWritten: files.reduce(0) { $0 + $1.written }, directory: options.directory) }
    }

    /// A new file for one column, or nil (and `failure` set) when none can be opened.
    func file(_ name: String) -> SpillFile? {
        guard let file = SpillFile(directory: options.directory, name: name) else {
            openFailure = openFailure
                ?? "\(options.directory): cannot create the spill file: \(String(cString: strerror(errno)))"
            return nil
        }
        files.append(file)
        return file
    }

    func start() { startDepth = depth }
}

extension Level {
    /// At a batch or round boundary: starts spilling once resident memory passes the mark, and
    /// reads back the frontier's chunks `range` (about to be expanded) if they are on disk.
    /// Returns `.spillFailed` when a file cannot be opened, written or read.
    mutating func spillAndLoad<M: Model>(_ range: Range<Int>, model: M) -> SearchStopReason? where M.Storage.Stored == State {
        guard let spill else { return nil }
        if spill.startDepth == nil, let resident = ResidentMemory.current(), resident >= spill.options.afterBytes {
            startSpilling(spill, codec: .raw ?? .json(model))
        }
        guard spill.startDepth != nil else { return nil }
        guard frontier.load(range), used.load(range), spill.failure == nil else { return .spillFailed }
        return nil
    }

    /// Gives each level column a file, writes out the full chunks they hold, and hands the
    /// freed memory back to the kernel so the mark measures what is left.
    private mutating func startSpilling(_ spill: LevelSpill, codec: ChunkCodec<State>) {
        spill.start()
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
