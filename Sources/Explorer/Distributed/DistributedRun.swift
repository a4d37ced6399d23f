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
    let visited = VisitedShards(count: 1)
    /// Keys this rank has sent to their owners. A key sent in this level went first with its
    /// least (parent, action) from this rank (the frontier goes in node order), the only one
    /// the owner can keep; one sent in an earlier level is in the owner's visited set. Either
    /// way it is not encoded and sent again.
    let sent = VisitedShards(count: 1)

    /// This rank's frontier, in node order.
    var frontier = FrontierColumn<M.Storage.Stored>()
    /// This rank's nodes, in node order: the ids, and each one's parent and action index.
    var nodeIDs: [UInt32] = []
    var parents: [UInt32] = []
    var actionIndices: [UInt16] = []
    var findings: Findings
    /// Agreed over every rank: distinct states, the first node of the frontier's level, depth.
    var distinct = 0
    var levelStart = 0
    var levelCount = 0
    var depth = 0
    /// Per property, the agreed first violation (a `Found` code) and witness, and their paths.
    var agreedViolation: [UInt64]
    var agreedWitness: [UInt64]
    var paths: [UInt32: DistributedPath] = [:]
    var expansions = 0
    var bytesSent = 0
    /// The signal that interrupted the run on any rank (the highest number when several did), or 0.
    var signal: Int32 = 0
    /// The sums agreed at the last level end (what a dead rank leaves known).
    var agreed = Agreed()

    init(search: DistributedSearch<M>) {
        self.search = search
        fabric = search.fabric
        ranks = fabric.size
        me = fabric.rank
        wire = StateWire(model: search.model, ranks: fabric.size)
        expansion = Expansion(model: search.model, worldBudget: search.options.worldBudget, symmetry: search.options.symmetry)
        findings = Findings(properties: expansion.properties.count)
        agreedViolation = Array(repeating: .max, count: expansion.properties.count)
        agreedWitness = Array(repeating: .max, count: expansion.properties.count)
    }

    func owner(_ key: UInt64) -> Int { DistributedSearch<M>.owner(of: key, ranks: ranks) }

    mutating func run() -> DistributedReport<M> {
        let clock = ContinuousClock.now
        let options = search.options
        let limits = Limits(
            stateLimit: options.stateLimit,
            deadline: options.timeLimit.map { clock + .milliseconds(Int(min(max($0, 0), 1e9) * 1000)) },
            stop: options.stop, memoryLimit: options.memoryLimit)
        fabric.watch(options.stop)
        startLevelZero()
        var stop = SearchStopReason.exhausted
        var ended: FabricEnded?
        do {
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
                let sums = try fabric.reduce([UInt64(next.count), findings.anyViolation ? 1 : 0], .sum)
                try agreeFindings()
                try advance(to: next, total: Int(sums[0]))
                options.progress.map { progress in
                    if me == 0 {
                        progress(SearchProgress(
                            distinctStates: distinct, frontier: levelCount, depth: depth, seconds: clock.duration(to: .now).seconds))
                    }
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
        return report(stop: stop, ended: ended, seconds: clock.duration(to: .now).seconds)
    }

    /// Level 0: every rank computes the initial states and their order alike; each keeps its own.
    mutating func startLevelZero() {
        var seen = Set<UInt64>()
        var count = 0
        for (index, state) in search.model.initialStates().enumerated() {
            precondition(index <= Int(UInt16.max), "\(search.model.name): too many initial states")
            let key = expansion.key(state, used: 0)
            guard seen.insert(key).inserted else { continue }
            let id = UInt32(count)
            count += 1
            guard owner(key) == me else { continue }
            _ = visited.insert(key)
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
    /// other than expanding: two-phase commit with 8 managers on 2 ranks, 81 s against 43 s;
    /// the round's batches then hold up to ~100 MB of fleet states): each round's successors
    /// go to their owners in one exchange, and the ranks agree whether to go on. Returns the
    /// reason when a limit or a signal stops the level (every rank at the same round).
    mutating func expandLevel(
        atBound: Bool, into next: inout NextLevel<M.Storage.Stored>, limits: Limits
    ) throws(FabricEnded) -> SearchStopReason? {
        var out: [Successor<M.Storage.Stored>] = []
        var judged = JudgedFlags(enabled: false)
        var filter = SuccessorFilter.all
        // Kept from state to state, as in `Level.expand`: no action array or state box per state.
        var actions: [M.Action] = []
        var spare: M.State?
        var cursor = 0
        var reached = 0
        let round = max(1, search.options.roundStates * 4)
        while true {
            // The state limit is read before each round, as the sequential search reads it before
            // each batch: a level that completed is counted in the depth (issue 54: depth 8 for 9).
            if limits.atStateLimit(distinct + reached) { return .stateLimit }
            var end = min(cursor + round, frontier.count)
            var batches = Array(repeating: WireWriter(), count: ranks)
            for i in cursor..<end {
                // A signal cuts this rank's round short: the peers are told at its end, and a
                // round need not be the same size on every rank.
                if i > cursor && i % 64 == 0 && limits.stop?.isRaised == true {
                    end = i
                    break
                }
                let stored = frontier.states[i]
                let state = M.Storage.loaded(stored, reusing: &spare, in: search.model)
                expansion.expand(
                    state, stored: stored, node: frontier.ids[i], used: frontier.used[i], checkSteps: !atBound,
                    findings: &findings, out: &out, judged: &judged, filter: &filter, actions: &actions, spare: &spare)
                expansions += 1
                for s in out {
                    let to = owner(s.key)
                    // This rank's own successors go straight in, as the state they already are.
                    if to == me {
                        if atBound { noteBeyondBound(s.key) } else { take(s.key, s.parent, s.action, s.used, into: &next) { s.state } }
                        continue
                    }
                    guard sent.insert(s.key) else { continue }
                    batches[to].put(s.key)
                    guard !atBound else { continue }
                    batches[to].put(s.parent)
                    batches[to].put(s.action)
                    batches[to].put(s.used)
                    wire.put(s.state, to: to, into: &batches[to])
                }
            }
            frontier.discard(before: end)
            cursor = end
            let outgoing = batches.indices.map { wire.header(to: $0) + batches[$0].bytes }
            bytesSent += outgoing.enumerated().reduce(0) { $0 + ($1.offset == me ? 0 : $1.element.count) }
            let incoming = try fabric.exchange(outgoing)
            for (source, batch) in incoming.enumerated() { try receive(batch, from: source, atBound: atBound, into: &next) }
            // Go on while any rank has states left; stop together on any rank's limit or signal.
            let local = limits.timingReason()
            let agreed = try fabric.reduce(
                [cursor < frontier.count ? 1 : 0, UInt64(next.count)] + Self.stops.map { local == $0 ? 1 : 0 }, .sum)
            if let i = Self.stops.indices.first(where: { agreed[2 + $0] > 0 }) {
                if Self.stops[i] == .interrupted { signal = Int32(truncatingIfNeeded: try fabric.reduce([UInt64(limits.stop?.signal ?? 0)], .max)[0]) }
                return Self.stops[i]
            }
            reached = Int(agreed[1])
            if agreed[0] == 0 { return nil }
        }
    }

    /// Takes one batch of successors from a peer (this rank's own are taken as they come).
    mutating func receive(
        _ batch: [UInt8], from source: Int, atBound: Bool, into next: inout NextLevel<M.Storage.Stored>
    ) throws(FabricEnded) {
        var reader = WireReader(batch)
        let wire = self.wire
        do throws(WireReader.Short) {
            try wire.learn(from: source, &reader)
            while !reader.atEnd {
                let key = try reader.get(UInt64.self)
                if atBound {
                    noteBeyondBound(key)
                    continue
                }
                let parent = try reader.get(UInt32.self)
                let action = try reader.get(UInt16.self)
                let used = try reader.get(UInt8.self)
                let bytes = try wire.next(&reader)
                try take(key, parent, action, used, into: &next) { () throws(WireReader.Short) in
                    guard let state = wire.state(bytes, from: source) else { throw WireReader.Short() }
                    return state
                }
            }
        } catch {
            throw FabricEnded(reason: Self.unreadable)
        }
    }

    /// A successor past the depth bound that this rank owns: only whether it is new matters.
    mutating func noteBeyondBound(_ key: UInt64) {
        if !visited.contains(key) { findings.beyondBound = true }
    }

    /// A successor this rank owns: a new state is kept with the least (parent, action) that
    /// reaches it in this level. `state` is asked for only when it is kept (a peer's is decoded
    /// then, and a batch it cannot decode is refused).
    mutating func take<E: Error>(
        _ key: UInt64, _ parent: UInt32, _ action: UInt16, _ used: UInt8, into next: inout NextLevel<M.Storage.Stored>,
        state: () throws(E) -> M.Storage.Stored
    ) throws(E) {
        if let slot = next.slot[key] {
            guard (parent, action) < (next.parents[slot], next.actions[slot]) else { return }
            // The same key from an earlier step: the earliest step's state is the one kept
            // (with symmetry two states share a key, and the sequential search keeps the first).
            next.replace(slot, state: try state(), parent: parent, action: action)
            return
        }
        guard visited.insert(key) else { return }
        next.append(key: key, state: try state(), parent: parent, action: action, used: used)
    }

    static var unreadable: String { "a rank sent a batch this one cannot read" }

    /// The stops that depend on when they are asked, in the order they win when ranks differ.
    static var stops: [SearchStopReason] { [.interrupted, .timeLimit, .memoryLimit] }
}
