import Foundation

/// The exhaustive search of `BreadthFirstSearch`, spread over the ranks of a `RankFabric`
/// (DiVinE's, LTSmin's and PReach's design): each state is owned by one rank (a hash of its
/// visited-set key), expanded there only, and each successor is sent to its owner, batched per
/// destination. Levels are synchronous, so depth and "exhaustive" are exact.
///
/// The answer is the single-process one for any number of ranks: a new state's parent is the
/// least (parent node, action index) among the steps reaching it in its level, and nodes are
/// numbered in that order, which is the order the sequential search inserts them in. So the
/// first violation by node id, the path to it, and the minimized counterexample are the same.
public struct DistributedSearch<M: Model>: Sendable {
    public let model: M
    public let options: SearchOptions
    public let fabric: any RankFabric

    public init(_ model: M, options: SearchOptions = SearchOptions(), fabric: any RankFabric) {
        self.model = model
        self.options = options
        self.fabric = fabric
    }

    /// Runs the search on this rank; every rank returns the same report.
    public func run() -> DistributedReport<M> {
        var run = DistributedRun(search: self)
        return run.run()
    }

    /// The rank owning the state keyed `key`: mixed again, so it owes nothing to the bits the
    /// visited set indexes by.
    @inline(__always)
    static func owner(of key: UInt64, ranks: Int) -> Int { distributedOwner(of: key, ranks: ranks) }
}

/// The rank owning the state keyed `key` among `ranks` (`DistributedSearch.owner`).
@inline(__always)
func distributedOwner(of key: UInt64, ranks: Int) -> Int {
    ranks == 1 ? 0 : Int(truncatingIfNeeded: Fingerprint.mix(key ^ 0xA076_1D64_78BD_642F) % UInt64(ranks))
}

/// A distributed search's report: the search's own (as `check` prints it) and the fleet's work.
public struct DistributedReport<M: Model>: Sendable {
    public var search: SearchReport<M>
    public var ranks: Int
    /// States expanded, summed over the ranks: `distinctStates` when each is expanded once.
    public var expansions: Int
    /// Distinct states whose expansion the search reached (all of them when it covered its bounds).
    public var expandable: Int
    /// Bytes each rank sent to the others, summed (its batches to itself are not sent).
    public var bytesSent: Int
    /// Set when the job could not go on (a rank died): the report is what the last completed
    /// level agreed on, NOT exhaustive.
    public var ended: FabricEnded?
    /// The signal that interrupted the job, agreed over the ranks (one rank's SIGINT stops
    /// them all, and each reports it), or nil.
    public var signal: Int32?
    /// With `SearchOptions.checkpoint`: the level the job resumed from (nil: from the initial
    /// states), why it did not resume from checkpoints it found, and a checkpoint this rank
    /// could not write (the search went on without it).
    public var resumedLevel: Int?
    public var checkpointNote: String?
    public var checkpointProblem: String?

    /// Expansions per distinct state expanded: 1.00 when no state is expanded twice.
    public var workOverhead: Double { expandable > 0 ? Double(expansions) / Double(expandable) : 1 }

    /// The report's distributed line.
    public var line: String {
        let perState = search.distinctStates > 0 ? Double(bytesSent) / Double(search.distinctStates) : 0
        return String(
            format: "distributed: %d rank%@, %@ expansions of %@ states (work overhead %.2f), %@ bytes sent (%.1f bytes/state)",
            ranks, ranks == 1 ? "" : "s", expansions.grouped, expandable.grouped, workOverhead, bytesSent.grouped,
            perState)
    }
}
