/// Which successors `Expansion.expand` packs and hands out. Packing (the model's `stored`) is
/// the costly part of a step the search would then throw away as already seen.
struct SuccessorFilter {
    /// Keeps `visited` alive while the filter is used; nil: every successor (a behaviour count
    /// needs every step).
    private let owner: VisitedShards?
    /// `owner`'s tables, read with no retain and release around each step's test.
    let visited: VisitedShards.Tables?
    /// The sequential search inserts each successor's key at once, in the order the steps are
    /// taken (the order its batches inserted them in): a state two frontier states reach is
    /// packed once, for the first, where a read-only check packed it for both.
    let inserts: Bool
    /// With `inserts`: a state outside the partition's share is marked visited but not kept.
    let admit: SearchPartition?
    /// Without `inserts`: the keys this worker handed out just before, dropped again (phase 2
    /// of the parallel level would keep their earlier occurrence instead). With `inserts`: the
    /// keys tested just before, all in `visited` since (see `isRepeat`).
    var recent: RecentKeys?
    /// Whether a key `recent` saw just before is dropped as a repeat (`isRepeat`): it is in
    /// `visited` (inserting) or in the caller's batch about to be inserted (deferring).
    private let dropsRepeats: Bool
    /// At the depth bound no successor is handed out: the search only asks whether one is new.
    let atBound: Bool
    /// At the depth bound: a successor was not in `visited` (the bound cut the search short).
    private(set) var sawUnvisited = false
    /// The distributed run's test (`distributed`); nil elsewhere.
    private let ranks: DistributedShare?
    /// Whether `keeps` is asked at all: a filter with a table to test against.
    let tests: Bool

    /// One rank's view: its own visited set (each key with its place, `levelStart` the level's
    /// first) and the keys it sent to their owners. Both unowned: the run holds them while its
    /// filter lives, and counted references cost a copy, a retain and two releases a test.
    struct DistributedShare {
        unowned(unsafe) let owned: VisitedShards
        let levelStart: UInt32
        unowned(unsafe) let sent: SentKeys
        let rank: Int
        let ranks: Int
    }

    private init(
        visited: VisitedShards?, inserts: Bool = false, admit: SearchPartition? = nil, recent: RecentKeys? = nil,
        dropsRepeats: Bool = false, atBound: Bool = false, ranks: DistributedShare? = nil
    ) {
        self.ranks = ranks
        tests = visited != nil || ranks != nil
        owner = visited
        self.visited = visited?.view
        self.inserts = inserts
        self.dropsRepeats = dropsRepeats
        self.admit = admit
        self.recent = recent
        self.atBound = atBound
    }

    static var all: SuccessorFilter { SuccessorFilter(visited: nil) }

    /// A distributed rank's: drops a successor it owns that an earlier level holds (one of this
    /// level may still get a lesser step), and one another rank owns that it already sent; so
    /// neither is packed. For a packing model only (packing is what it saves). A repeat of a key
    /// tested just before is dropped untested: that earlier step is the lesser.
    static func distributed(_ share: DistributedShare) -> SuccessorFilter {
        SuccessorFilter(visited: nil, recent: RecentKeys(), dropsRepeats: true, ranks: share)
    }

    /// Those not in `visited`'s tables in memory (read only: no thread inserts meanwhile), nor
    /// among `recent`'s: the inserts that follow read its runs on disk.
    static func unvisited(_ visited: VisitedShards, recent: RecentKeys? = nil) -> SuccessorFilter {
        SuccessorFilter(visited: visited, recent: recent)
    }

    /// Only the new ones, inserted into `visited` as they come (single thread only).
    static func inserting(into visited: VisitedShards, admit: SearchPartition?) -> SuccessorFilter {
        SuccessorFilter(visited: visited, inserts: true, admit: admit, recent: RecentKeys(), dropsRepeats: true)
    }

    /// All but a repeat of a key handed out just before: the sequential search inserts them
    /// itself, a few states' successors at a time in the order handed out (see `Level.expand`),
    /// so a repeat's first occurrence is inserted before it would have been tested. The parallel
    /// level's workers use it too for unpacked states: phase 2 keeps a repeat's earlier occurrence.
    static var deferring: SuccessorFilter { SuccessorFilter(visited: nil, recent: RecentKeys(), dropsRepeats: true) }

    /// None, noting whether one is not in `visited` (read only): the depth bound's expansion.
    static func beyondBound(_ visited: VisitedShards) -> SuccessorFilter {
        SuccessorFilter(visited: visited, atBound: true)
    }

    /// Whether an inserting (or deferring) filter tested `key` just before: then it is in
    /// `visited` (or inserted before it is next tested) and `keeps` is false, known without
    /// reading the table (siblings share many successors, and a table slot is a cache miss).
    /// Otherwise `keeps(key)` must follow.
    @inline(__always)
    mutating func isRepeat(_ key: UInt64) -> Bool {
        dropsRepeats && recent?.isNew(key) == false
    }

    /// Whether the successor keyed `key` is handed out (inserting it, when the filter inserts).
    @inline(__always)
    mutating func keeps(_ key: UInt64) -> Bool {
        if let ranks {
            guard distributedOwner(of: key, ranks: ranks.ranks) == ranks.rank else { return !ranks.sent.contains(key) }
            let place = ranks.owned.id(of: key)
            return place == .max || place >= ranks.levelStart
        }
        guard let visited else { return true }
        if inserts { return visited.insert(key) && admit?.owns(key) != false }
        if atBound {
            if !sawUnvisited && !visited.contains(key) { sawUnvisited = true }
            return false
        }
        // Read only the memory here: the run on disk is read once, when the key is inserted.
        if visited.containsInMemory(key) { return false }
        return recent?.isNew(key) != false
    }
}
