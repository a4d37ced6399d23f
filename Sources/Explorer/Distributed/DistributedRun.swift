import Foundation

/// One rank's side of a distributed search: its share of the visited set, of the frontier and
/// of the parent links, and the paths to every finding agreed so far (rebuilt at the level
/// they were found in, while every rank is there to answer).
struct DistributedRun<M: Model> {
    let search: DistributedSearch<M>
    let expansion: Expansion<M>
    let fabric: any RankFabric
    let ranks: Int
    let me: Int
    let wire: StateWire<M>
    /// This rank's visited set, each key with its place among the keys this rank inserted
    /// (with peers: a peer's step may be less than this rank's own to a key of this level).
    /// One rank takes its successors in node order, the first step to each the least: its set
    /// keeps no places, as the single process's (a second array read a state: 2.6× its CPU).
    let visited: VisitedShards
    /// Keys this rank inserted before the level being filled (the next level's slot 0's place).
    var inserted = 0
    /// Keys this rank sent to their owners lately. A key sent in this level went first with its
    /// least (parent, action) from this rank (the frontier goes in node order), the only one
    /// the owner can keep; one sent in an earlier level is in the owner's visited set. Either
    /// way it is not encoded and sent again while remembered (a forgotten one costs bytes only).
    let sent = SentKeys()

    /// This rank's frontier, in node order.
    var frontier = FrontierColumn<M.Storage.Stored>()
    /// This rank's nodes, in node order: the ids, and each one's parent and action index
    /// (40-bit ids: 4 bytes each and runs of high bytes, `NodeIDColumn`); in chunks, which go
    /// to disk once the rank spills (`DistributedRun+Spill`).
    var nodeIDs = NodeIDColumn()
    var parents = NodeIDColumn()
    var actionIndices = ChunkedColumn<UInt16>()
    var findings: Findings
    /// Agreed over every rank: distinct states, the first node of the frontier's level, depth.
    var distinct = 0
    var levelStart = 0
    /// Tests only: the id of the first node (ids `idBase ..< idBase + distinct`), so a small
    /// world's ids pass 32 bits on every wire and link. 0 in every real run: no option or
    /// command sets it, and `distinct` (what limits, reports and checkpoints read) stays a count.
    var idBase = 0
    var levelCount = 0
    var depth = 0
    /// Per property, the agreed first violation (a `Found` code) and witness, and their paths.
    var agreedViolation: [UInt64]
    var agreedWitness: [UInt64]
    var paths: [NodeID: DistributedPath] = [:]
    var expansions = 0
    var bytesSent = 0
    /// The signal that interrupted the run on any rank (the highest number when several did), or 0.
    var signal: Int32 = 0
    /// The sums agreed at the last level end (what a dead rank leaves known).
    var agreed = Agreed()
    /// The checkpointed level this run resumed from; why it did not resume; a checkpoint not written.
    var resumedLevel: Int?
    var checkpointNote: String?
    var checkpointProblem: String?
    /// With peers: a level's key reached when this rank had inserted `placeCap` keys, refused
    /// (the visited set keeps a key's place in 32 bits); the job stops at the round's end.
    var placesFull = false
    /// `NodeIDs.rankPlaceCap`; tests only lower it (no option or command sets it) to reach it.
    var placeCap = NodeIDs.rankPlaceCap
    /// With `SearchOptions.spill` (not with a checkpoint, which holds the visited set itself):
    /// where this rank's visited keys go past the mark (`DistributedRun+Spill`).
    let spill: LevelSpill?
    /// Why a rank's spill files failed, agreed over the ranks (the lowest rank's), once one has.
    var spillProblem: String?

    init(search: DistributedSearch<M>) {
        self.search = search
        fabric = search.fabric
        ranks = fabric.size
        me = fabric.rank
        wire = StateWire(model: search.model, ranks: fabric.size)
        visited = VisitedShards(count: 1, ids: fabric.size > 1)
        expansion = Expansion(model: search.model, worldBudget: search.options.worldBudget, symmetry: search.options.symmetry)
        findings = Findings(properties: expansion.properties.count)
        agreedViolation = Array(repeating: .max, count: expansion.properties.count)
        agreedWitness = Array(repeating: .max, count: expansion.properties.count)
        spill = search.options.checkpoint == nil ? search.options.spill.map(LevelSpill.init) : nil
    }

    func owner(_ key: UInt64) -> Int { DistributedSearch<M>.owner(of: key, ranks: ranks) }

    mutating func run() -> DistributedReport<M> {
        let clock = ContinuousClock.now
        let options = search.options
        var limits = Limits(
            stateLimit: options.stateLimit,
            deadline: options.timeLimit.map { clock + .milliseconds(Int(min(max($0, 0), 1e9) * 1000)) },
            stop: options.stop, memoryLimit: options.memoryLimit)
        limits.nodeIDCap = NodeIDs.cap
        fabric.watch(options.stop)
        var stop = SearchStopReason.exhausted
        var ended: FabricEnded?
        // The time a resumed run had taken before, and when its last checkpoint was written.
        var before = 0.0
        var lastWritten = 0.0
        do {
            if let seconds = try resume() {
                before = seconds
                lastWritten = seconds
            } else {
                startLevelZero()
            }
            while levelCount > 0 {
                let atBound = options.depthBound.map { depth >= $0 } ?? false
                var next = NextLevel<M.Storage.Stored>()
                if let reason = try expandLevel(atBound: atBound, into: &next, limits: limits) {
                    stop = reason
                    distinct += try agreedSum(next.count)
                    try agreeFindings()
                    break
                }
                if atBound {
                    try agreeFindings()
                    if try fabric.reduce([findings.beyondBound ? 1 : 0], .max)[0] == 1 { stop = .depthBound }
                    break
                }
                let sums = try fabric.reduce(
                    [UInt64(next.count), findings.anyViolation ? 1 : 0, UInt64(spill?.bytesOnDisk(visited: visited) ?? 0)], .sum)
                try agreeFindings()
                try advance(to: next, total: Int(sums[0]))
                spill?.depth = depth
                options.progress.map { progress in
                    if me == 0 {
                        // Every rank's files on disk; the space free where rank 0 spills.
                        let use = agreed.spillFrom == nil ? nil : SpillUse(
                            bytes: Int(sums[2]), free: spill.flatMap { SpillFile.freeBytes(in: $0.options.directory) })
                        progress(SearchProgress(
                            distinctStates: distinct, frontier: levelCount, depth: depth, seconds: clock.duration(to: .now).seconds,
                            spill: use))
                    }
                }
                let elapsed = before + clock.duration(to: .now).seconds
                if let problem = try checkpointIfDue(seconds: elapsed, lastWritten: &lastWritten) {
                    checkpointProblem = checkpointProblem ?? problem
                }
                if options.stopAtFirstViolation && sums[1] > 0 && levelCount > 0 {
                    stop = .firstViolation
                    break
                }
            }
        } catch {
            ended = error
            stop = .interrupted
        }
        if ended == nil && [.exhausted, .depthBound].contains(stop) { removeCheckpoints() }
        return report(stop: stop, ended: ended, seconds: before + clock.duration(to: .now).seconds)
    }

    /// Level 0: every rank computes the initial states and their order alike; each keeps its own.
    mutating func startLevelZero() {
        var seen = Set<UInt64>()
        var count = 0
        for (index, state) in search.model.initialStates().enumerated() {
            precondition(index <= Int(UInt16.max), "\(search.model.name): too many initial states")
            let key = expansion.key(state, used: 0)
            guard seen.insert(key).inserted else { continue }
            let id = NodeID(idBase + count)
            count += 1
            guard owner(key) == me else { continue }
            if ranks == 1 { _ = visited.insert(key) } else { _ = visited.insert(key, id: UInt32(inserted)) }
            inserted += 1
            frontier.append(id: id, state: M.Storage.stored(state, in: search.model), used: 0)
            nodeIDs.append(id)
            parents.append(SearchGraph.root)
            actionIndices.append(UInt16(index))
        }
        distinct = count
        levelStart = 0
        levelCount = count
    }

    /// A sum over the ranks of one count.
    func agreedSum(_ n: Int) throws(FabricEnded) -> Int { Int(try fabric.reduce([UInt64(n)], .sum)[0]) }

    /// Expands this rank's frontier in rounds of 4 × `roundStates` states (16,384: each round
    /// ends in two collectives, and at 1,024 a round the ranks spent longer waiting on each
    /// other than expanding: two-phase commit with 8 managers on 2 ranks, 81 s against 43 s):
    /// each round's successors go to their owners in one batch per destination, and the ranks
    /// agree whether to go on. Returns the reason when a limit or a signal stops the level
    /// (every rank at the same round).
    mutating func expandLevel(
        atBound: Bool, into next: inout NextLevel<M.Storage.Stored>, limits: Limits
    ) throws(FabricEnded) -> SearchStopReason? {
        var out: [Successor<M.Storage.Stored>] = []
        var judged = JudgedFlags(enabled: false)
        // A packing model's successors already seen are not packed (two-phase commit's cost nothing
        // to pack). A lone rank filters as the single process does (`expandAlone`). With peers, a
        // repeat of a key handed out just before is dropped too: its earlier step, from this rank,
        // is the lesser, and went to the owner first (owned: taken; another's: sent).
        var filter =
            ranks == 1 ? (atBound ? .beyondBound(visited) : M.keepsStatesUnpacked ? .deferring : .inserting(into: visited, admit: nil))
            : M.keepsStatesUnpacked ? SuccessorFilter.deferring
            : .distributed(.init(owned: visited, levelStart: UInt32(inserted), sent: sent, rank: me, ranks: ranks))
        var pending: [Successor<M.Storage.Stored>] = []
        // Kept from state to state and round to round, as in `Level.expand`: no action array,
        // state box or batch buffer per state.
        var actions: [M.Action] = []
        var spare: M.State?
        let outgoing = OutgoingBatches(ranks: ranks)
        var scratch: [UInt8] = []
        // Each successor's owner, computed once for its slot's prefetch and its taking or sending.
        var owners = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1_024)
        defer { owners.deallocate() }
        let budgeted = search.options.worldBudget != nil
        let sendsKey = wire.sendsKey || atBound
        var cursor = 0
        var reached = 0
        let round = max(1, search.options.roundStates * 4)
        while true {
            // The state limit is read before each round, as the sequential search reads it before
            // each batch: a level that completed is counted in the depth (issue 54: depth 8 for 9).
            if limits.atStateLimit(distinct + reached) { return .stateLimit }
            var end = min(cursor + round, frontier.count)
            // The round's chunks on disk read back first; one that cannot be is not expanded,
            // and every rank stops at this round's end with the failing rank's line.
            let loaded = frontier.load(cursor..<end)
            if !loaded { end = cursor }
            outgoing.reset()
            var i = cursor
            if ranks == 1 {
                end = expandAlone(
                    cursor..<end, atBound: atBound, into: &next, limits: limits, out: &out, pending: &pending, judged: &judged,
                    filter: &filter, actions: &actions, spare: &spare)
                i = end
            }
            while i < end {
                // A signal cuts this rank's round short: the peers are told at its end, and a
                // round need not be the same size on every rank.
                if i > cursor && i % 64 == 0 && limits.stop?.isRaised == true {
                    end = i
                    break
                }
                // A few states' successors at a time, their own visited-set slots prefetched
                // together so the cache misses overlap (as `Level.expand` does, issue 34): one
                // miss at a time was most of a two-phase commit rank's time.
                let groupEnd = min(i + 8, end)
                expandGroup(i..<groupEnd, atBound: atBound, out: &out, judged: &judged, filter: &filter, actions: &actions, spare: &spare)
                i = groupEnd
                // The slot each successor is probed in (this rank's visited set, or the keys it
                // sent) fetched for the whole group first.
                if owners.count < out.count {
                    owners.deallocate()
                    owners = .allocate(capacity: 2 * out.count)
                }
                for (k, s) in out.enumerated() {
                    let to = owner(s.key)
                    owners[k] = to
                    if to == me { visited.prefetch(s.key) } else { sent.prefetch(s.key) }
                }
                for (k, s) in out.enumerated() {
                    let to = owners[k]
                    // This rank's own successors go straight in, as the state they already are.
                    if to == me {
                        if atBound { noteBeyondBound(s.key) } else { take(s.key, s.parent, s.action, s.used, s.state, into: &next) }
                        continue
                    }
                    guard sent.insert(s.key) else { continue }
                    // A message: [key] parent (a varint, from the batch's last: the frontier goes
                    // in node order), action (a varint), [world actions used], state.
                    if sendsKey { withUnsafeBytes(of: s.key.littleEndian) { outgoing.put($0, to: to) } }
                    guard !atBound else { continue }
                    outgoing.put(parent: s.parent, to: to)
                    outgoing.put(varint: UInt64(s.action), to: to)
                    if budgeted { outgoing.put(byte: s.used, to: to) }
                    wire.put(s.state, to: to, into: outgoing, scratch: &scratch)
                }
            }
            frontier.discard(before: end)
            cursor = end
            if ranks > 1 {
                // The `Codable` form's key names used in the round go first.
                let batches = (0..<ranks).map { r in r == me ? [] : outgoing.batch(r, after: wire.header(to: r)) }
                bytesSent += batches.reduce(0) { $0 + $1.count }
                let incoming = try fabric.exchange(batches)
                for (source, batch) in incoming.enumerated() where source != me {
                    try receive(batch, from: source, atBound: atBound, into: &next)
                }
            }
            // This rank's visited keys to disk past the mark (a choice of its own: the answer is
            // the same); a file that failed stops every rank.
            let spillFailure = loaded ? spillVisited(levelFilled: next.count) : levelUnreadable(spill)
            // Go on while any rank has states left; stop together on any rank's limit or signal.
            let local = limits.timingReason()
            let agreed = try fabric.reduce(
                [cursor < frontier.count ? 1 : 0, UInt64(next.count), placesFull ? 1 : 0, spillFailure == nil ? 0 : 1]
                    + Self.stops.map { local == $0 ? 1 : 0 },
                .sum)
            if agreed[2] > 0 {
                placesFull = true
                return .stateLimit
            }
            if agreed[3] > 0 {
                spillProblem = try agreedProblem(spillFailure)
                return .spillFailed
            }
            if let i = Self.stops.indices.first(where: { agreed[4 + $0] > 0 }) {
                if Self.stops[i] == .interrupted { signal = Int32(truncatingIfNeeded: try fabric.reduce([UInt64(limits.stop?.signal ?? 0)], .max)[0]) }
                return Self.stops[i]
            }
            reached = Int(agreed[1])
            if agreed[0] == 0 { return nil }
        }
    }

    /// Expands the frontier's states in `group` into `out` (emptied first).
    @inline(__always)
    mutating func expandGroup(
        _ group: Range<Int>, atBound: Bool, out: inout [Successor<M.Storage.Stored>], judged: inout JudgedFlags,
        filter: inout SuccessorFilter, actions: inout [M.Action], spare: inout M.State?
    ) {
        out.removeAll(keepingCapacity: true)
        for j in group {
            let stored = frontier.states[j]
            let state = M.Storage.loaded(stored, reusing: &spare, in: search.model)
            expansion.expand(
                state, stored: stored, node: frontier.ids[j], used: frontier.used[j], checkSteps: !atBound,
                findings: &findings, out: &out, judged: &judged, filter: &filter, actions: &actions, spare: &spare,
                appending: true)
        }
        expansions += group.count
    }

    /// Takes one batch of successors from a peer (this rank's own are taken as they come).
    mutating func receive(
        _ batch: [UInt8], from source: Int, atBound: Bool, into next: inout NextLevel<M.Storage.Stored>
    ) throws(FabricEnded) {
        let wire = self.wire
        let budgeted = search.options.worldBudget != nil
        let sendsKey = wire.sendsKey || atBound
        let read: Bool = batch.withUnsafeBytes { raw -> Bool in
            var offset = 0
            var parent: NodeID = 0
            var group: [Successor<M.Storage.Stored>] = []
            group.reserveCapacity(64)
            do throws(WireReader.Short) {
                try wire.learn(from: source, batch, at: &offset)
                while offset < raw.count {
                    var key: UInt64 = 0
                    if sendsKey {
                        guard raw.count - offset >= 8 else { return false }
                        key = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                        offset += 8
                    }
                    if atBound {
                        noteBeyondBound(key)
                        continue
                    }
                    guard let delta = Varint.get(raw, at: &offset), let action = Varint.get(raw, at: &offset),
                        let p = NodeIDs.add(parent, delta), p < NodeIDs.root, let a = UInt16(exactly: action)
                    else { return false }
                    parent = p
                    var used: UInt8 = 0
                    if budgeted {
                        guard offset < raw.count else { return false }
                        used = raw[offset]
                        offset += 1
                    }
                    let pending = try wire.next(batch, raw, at: &offset, from: source)
                    if case .state(let state) = pending {
                        if !sendsKey { key = expansion.key(M.Storage.loaded(state, in: search.model), used: used) }
                        // Taken a group at a time, their slots prefetched first (see `expandLevel`).
                        visited.prefetch(key)
                        group.append(Successor(state: state, key: key, parent: parent, action: a, used: used))
                        if group.count == 64 { takeGroup(&group, into: &next) }
                        continue
                    }
                    try take(key, parent, a, used, into: &next) { () throws(WireReader.Short) in
                        guard let state = wire.state(pending, from: source) else { throw WireReader.Short() }
                        return state
                    }
                }
                takeGroup(&group, into: &next)
                return true
            } catch {
                return false
            }
        }
        guard read else { throw FabricEnded(reason: Self.unreadable) }
    }

    /// Takes a group of a peer's successors, in the order they came, and empties it.
    mutating func takeGroup(_ group: inout [Successor<M.Storage.Stored>], into next: inout NextLevel<M.Storage.Stored>) {
        for s in group { take(s.key, s.parent, s.action, s.used, s.state, into: &next) }
        group.removeAll(keepingCapacity: true)
    }

    /// A successor past the depth bound that this rank owns: only whether it is new matters.
    mutating func noteBeyondBound(_ key: UInt64) {
        if !visited.contains(key) { findings.beyondBound = true }
    }

    /// A successor this rank owns, its state at hand (see the other `take`).
    @inline(__always)
    mutating func take(_ key: UInt64, _ parent: NodeID, _ action: UInt16, _ used: UInt8, _ state: M.Storage.Stored, into next: inout NextLevel<M.Storage.Stored>) {
        take(key, parent, action, used, into: &next) { () throws(Never) in state }
    }

    /// A successor this rank owns, with peers (a lone rank inserts in `expandAlone`): a new state
    /// is kept with the least (parent, action) that reaches it in this level. The visited set
    /// holds, with each key, its place among the keys this rank inserted (`inserted`): one probe
    /// tells new, earlier level, or this level's slot. `state` is asked for only when it is kept
    /// (a peer's `Codable` state is decoded then, and one it cannot decode is refused).
    @discardableResult @inline(__always)
    mutating func take<E: Error>(
        _ key: UInt64, _ parent: NodeID, _ action: UInt16, _ used: UInt8, into next: inout NextLevel<M.Storage.Stored>,
        state: () throws(E) -> M.Storage.Stored
    ) throws(E) -> Bool {
        let got: UInt32
        if inserted + next.count < placeCap {
            let fresh = UInt32(inserted + next.count)
            got = visited.insert(key, id: fresh)
            if got == fresh {
                next.append(state: try state(), parent: parent, action: action, used: used)
                return true
            }
        } else {
            // A place past 32 bits is never cut: a new key is refused and the job stops at the
            // round's end (`placesFull`); a key held is still taken as below.
            got = visited.id(of: key)
            if got == .max {
                placesFull = true
                return false
            }
        }
        guard Int(got) >= inserted else { return false }
        let slot = Int(got) - inserted
        guard (parent, action) < (next.parents[slot], next.actions[slot]) else { return false }
        // The same key from an earlier step: the earliest step's state is the one kept
        // (with symmetry two states share a key, and the sequential search keeps the first).
        next.replace(slot, state: try state(), parent: parent, action: action)
        return true
    }

    static var unreadable: String { "a rank sent a batch this one cannot read" }

    /// The stops that depend on when they are asked, in the order they win when ranks differ.
    static var stops: [SearchStopReason] { [.interrupted, .timeLimit, .memoryLimit] }
}
