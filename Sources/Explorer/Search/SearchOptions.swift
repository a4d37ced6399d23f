import Foundation

/// Bounds and limits of one search. The bounds are part of the question asked ("no violation
/// within depth 12 and 3 world actions"); the limits only stop a run early, marked partial.
public struct SearchOptions: Sendable {
    /// Longest behaviour explored, in steps; nil explores until the frontier empties.
    public var depthBound: Int?
    /// World actions allowed per behaviour; nil leaves them unbudgeted.
    public var worldBudget: Int?
    /// Stop after the level in which the first violation is found.
    public var stopAtFirstViolation: Bool
    /// Stop once this many distinct states are stored.
    public var stateLimit: Int?
    /// Stop after this many seconds.
    public var timeLimit: Double?
    /// Fingerprint each state's symmetry representative (`Model.representative(of:)`), so
    /// states that differ only by a permutation of interchangeable actors count once.
    public var symmetry: Bool
    /// Stop with a partial report once the process's resident memory passes this many bytes.
    public var memoryLimit: Int?
    /// Worker threads; 1 is the sequential search. Results do not depend on it.
    public var threads: Int
    /// Asked to stop (Ctrl-C); checked between batches of states.
    public var stop: StopSignal?
    /// Called about once a second and at each level with the search's progress.
    public var progress: (@Sendable (SearchProgress) -> Void)?
    /// Explore one part of a search split by fingerprint at a level (nil: the whole search).
    public var partition: SearchPartition?
    /// Write the search to a file at level boundaries, and resume from it when it exists.
    public var checkpoint: SearchCheckpointing?
    /// Keep the levels on disk once the process's memory passes a mark, instead of in memory
    /// (not with `checkpoint`, whose file holds the level itself). The answer is the same.
    public var spill: SearchSpilling?
    /// Count behaviours exactly (`SearchReport.behaviours`) from the transitions the search takes:
    /// each is kept as a 4-byte node id (plus 2 bytes per state, and the visited set keeps a
    /// 4-byte id per slot). Not with a partition; a search resumed from a checkpoint lacks the
    /// earlier levels' transitions and says so instead of counting.
    public var countBehaviours: BehaviourCounting?
    /// With threads, frontier states expanded per round (rounded down to whole 1,024-state
    /// batches): a round's successors are buffered until it is deduplicated. Tests make it small
    /// to split small levels; the output does not depend on it.
    var roundStates = SearchOptions.defaultRoundStates
    static var defaultRoundStates: Int { 4096 }
    /// The most distinct states a search numbers (40-bit node ids; a behaviour count stops at
    /// 4,294,967,294, its ids being 32-bit): the largest `stateLimit` that means anything.
    public static var stateCapacity: Int { NodeIDs.cap }

    public init(
        depthBound: Int? = nil, worldBudget: Int? = nil, stopAtFirstViolation: Bool = false,
        stateLimit: Int? = nil, timeLimit: Double? = nil, threads: Int = 1,
        stop: StopSignal? = nil, progress: (@Sendable (SearchProgress) -> Void)? = nil,
        symmetry: Bool = false, memoryLimit: Int? = nil
    ) {
        self.symmetry = symmetry
        self.memoryLimit = memoryLimit
        self.depthBound = depthBound
        self.worldBudget = worldBudget
        self.stopAtFirstViolation = stopAtFirstViolation
        self.stateLimit = stateLimit
        self.timeLimit = timeLimit
        self.threads = max(1, threads)
        self.stop = stop
        self.progress = progress
    }
}

/// Where and from when a search keeps its levels, its visited set and its parent links on disk
/// (TLC's disk-backed queue and disk fingerprint set): past `afterBytes` of resident memory, the
/// frontier and the next level are written in whole chunks to scratch files in `directory` and
/// read back in order, the parent links go out chunk by chunk, and the visited set's tables are
/// merged into sorted runs on disk whenever the process is past the mark again.
public struct SearchSpilling: Sendable, Equatable {
    public var directory: String
    public var afterBytes: Int
    /// Keys the visited set's tables hold at least before they are flushed to disk again once
    /// past the mark (tests make it small, to read and merge the runs from the first levels).
    var flushKeys = 1 << 20
    /// Tests only: the visited runs' filters' budget in bytes, in place of `filterBytes`'s.
    var filterBudget: Int?
    /// Tests only: called with each file the visited set, the parent links or a rank's frontier
    /// are written to, as it is opened (the parent links'), written (a run) or filled (a rank's
    /// new frontier), to damage it.
    var written: (@Sendable (SpillFile, _ role: String) -> Void)?

    public static func == (a: SearchSpilling, b: SearchSpilling) -> Bool {
        a.directory == b.directory && a.afterBytes == b.afterBytes && a.flushKeys == b.flushKeys
            && a.filterBudget == b.filterBudget
    }

    public init(directory: String, afterBytes: Int) {
        self.directory = directory
        self.afterBytes = afterBytes
    }

    /// The most the visited runs' filters (`RunFilter`) may hold in all: a quarter of the mark.
    /// At 10 bits a key that covers 10⁹ keys at --memory 5000 (1.2 × 10⁷ at 60); past that
    /// each merge gives its filter fewer bits a key (none under one), so more lookups read.
    var filterBytes: Int { filterBudget ?? afterBytes / 4 }

    /// Whether the visited set's tables (`stored` keys in `tableBytes`; `inRuns` on disk, their
    /// filters `filterBytes`) join the runs now, the process holding `resident` bytes. Past the
    /// mark, at least an eighth of what the runs hold each time, so the runs written add up to
    /// about 9 times the last one; or once the tables and the filters hold half the mark (late
    /// in a long run an eighth of the runs, 400 M keys, would take 5 GB past it): a small mark
    /// then merges more often, and the peak stays near it. `resident` (nil: unknown, no flush)
    /// is asked last: reading it costs a file read, and most batches' tables do not qualify.
    func flushesVisited(
        stored: Int, inRuns: Int, tableBytes: Int, filterBytes: Int, resident: @autoclosure () -> Int?
    ) -> Bool {
        guard stored >= inRuns / 8 || tableBytes + filterBytes >= afterBytes / 2 else { return false }
        return resident().map { $0 >= afterBytes } ?? false
    }

    /// Why `directory` cannot take spill files (one line naming it), or nil when it can: said
    /// before a search starts, not when it first needs the disk.
    public static func problem(directory: String) -> String? { SpillFile.problem(directory: directory) }
}

/// What went to disk in a search that spilled.
public struct SpillSummary: Sendable, Equatable {
    /// The level being expanded when the search started spilling.
    public var fromDepth: Int
    /// Bytes of levels written to the spill files over the run.
    public var bytesWritten: Int
    public var directory: String
    /// Bytes written to the visited set's sorted runs (each merge rewrites a run whole).
    public var fingerprintBytesWritten = 0
    /// The most bytes the runs' filters held at once (after a merge).
    public var filterBytes = 0
    /// Bytes of parent links written.
    public var parentBytesWritten = 0
}

/// What `SearchOptions.countBehaviours` counts.
public enum BehaviourCounting: Sendable {
    /// The number of behaviours to the depth bound.
    case total
    /// Also, per property, how many of them break it (a flag per state and property and per
    /// transition and transition property: for small models).
    case perProperty
}

/// A snapshot of a running search, for progress lines.
public struct SearchProgress: Sendable {
    public let distinctStates: Int
    public let frontier: Int
    public let depth: Int
    public let seconds: Double
    /// Once the search spilled (`--spill`): its files' bytes on disk and what is free there.
    public let spill: SpillUse?
    public var statesPerSecond: Double { seconds > 0 ? Double(distinctStates) / seconds : 0 }

    public init(distinctStates: Int, frontier: Int, depth: Int, seconds: Double, spill: SpillUse? = nil) {
        self.distinctStates = distinctStates
        self.frontier = frontier
        self.depth = depth
        self.seconds = seconds
        self.spill = spill
    }
}

/// A spilling search's files on disk: a long run's progress says how close it is to filling the disk.
public struct SpillUse: Sendable, Equatable {
    public let bytes: Int
    /// Free bytes in the spill directory's filesystem; nil when it could not be asked.
    public let free: Int?

    public init(bytes: Int, free: Int?) {
        self.bytes = bytes
        self.free = free
    }
}
