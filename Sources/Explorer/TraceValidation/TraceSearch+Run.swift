extension TraceSearch {
    /// Searches the log's lines `range` from the model's initial states (fresh bindings): one
    /// best-first search over (model state, log position, binding, world actions spent in the
    /// gap), the furthest position first and, at one position, the fewest steps with a world
    /// action counted as two (`Search.worldWeight`), then the fewest world actions. A logged step is
    /// taken only onto the line it writes; an unlogged one stays at its position, within the
    /// gap's bounds. The first node past the last line is the witness; a search that runs out
    /// of nodes is stuck at the furthest line reached. `stop`: raised by Ctrl-C, SIGTERM or a
    /// time limit; the search then ends cut short. `progress` is called every 1,024 lines.
    public func run(
        _ range: Range<Int>? = nil, stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" },
        progress: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> Outcome {
        run(range, stop: stop, reason: reason, progress: progress, stall: nil)
    }

    /// `stall`: end `.stalled` after that many nodes expanded without a line passed (a carried
    /// search gives up early where searching afresh is cheaper; nil: search to the end).
    /// `watch`: where the stall budget runs out, only note it (`Outcome.stalledAt`) and go on:
    /// the search a stalled one would be made again as (`TraceDiagnosis.make`), without the rework.
    public func run(
        _ range: Range<Int>?, stop: StopSignal?, reason: @escaping () -> String,
        progress: ((_ line: Int, _ candidates: Int) -> Void)?, stall: Int?, watch: Bool = false,
        tick: ((_ line: Int, _ candidates: Int) -> Void)? = nil, openings: TraceWindowOpenings<M>? = nil
    ) -> Outcome {
        let range = range ?? 0..<log.lines.count
        var lines = TraceLogReading<M>(log.lines[range])
        var search = Search()
        search.best.reserveCapacity(1 << 12)
        let window = isWindow(range)
        let target = breakingJudges
        // The bounds read once: each read of `options` in the loop copied it (its sets with it).
        let (gapWorld, windowWorld, gapSteps, maxStates) = (options.gapWorldBudget, options.windowWorldBudget, options.gapSteps, options.maxStates)
        let kinds = options.events
        func breaks(_ before: (M.State, M.Action)?, _ s: M.State) -> Bool {
            target.contains { $0.breaks(before: before, s) }
        }
        var cut = (steps: false, world: false, window: false)
        let known = window ? openings?[range] : nil
        if let known {
            // The window's openings, from a search of this range that walked every state before it.
            search.nodes = known.trails
            cut.window = known.cutWindow
            for o in known.opens { search.push(o.entry, parent: o.parent, action: o.action) }
        } else {
            for s in model.initialStates() {
                search.push(
                    Open(state: s, fingerprint: model.fingerprint(of: s), memory: model.initialLogMemory,
                        binding: model.freshBinding(), world: 0, steps: 0, total: 0, position: 0,
                        broken: !window && breaks(nil, s)),
                    parent: -1, action: nil)
            }
        }
        // The nodes opened from before the window (kept for a wider search, when this one walks them all).
        var opened: [(entry: Open, parent: Int32, action: M.Action)] = []
        var openedMisses: Misses?
        // With a property to break: the first node past the last line, kept as the answer
        // should none break it.
        var wroteAll: Int32?
        var reported = -1
        var actions: [M.Action] = []
        var misses = Misses()
        var passed = (furthest: 0, at: 0)
        while let open = search.pop() {
            let p = Int(open.entry.position)
            if p == lines.count(against: p) {
                if target.isEmpty || open.entry.broken {
                    return outcome(.consistent, node: open.node, search, range: range, lines, window: window, cut: cut)
                }
                wroteAll = wroteAll ?? open.node
            }
            search.expanded += 1
            if search.expanded & 255 == 1 {
                if stop?.isRaised == true {
                    return outcome(.cutShort(index: range.lowerBound + search.furthest, reason: reason()), node: open.node, search, range: range, lines, window: window, cut: cut)
                }
                tick?(range.lowerBound + search.furthest, search.nodes.count)
            }
            if search.nodes.count > maxStates {
                let why = "more than \(options.maxStates) search states (--max-states)"
                return outcome(.cutShort(index: range.lowerBound + search.furthest, reason: why), node: open.node, search, range: range, lines, window: window, cut: cut)
            }
            if search.furthest > passed.furthest {
                passed = (search.furthest, search.expanded)
            } else if let stall, search.expanded - passed.at > stall {
                guard watch else {
                    return outcome(.stalled(index: range.lowerBound + search.furthest), node: search.deepest, search, range: range, lines, window: window, cut: cut)
                }
                search.stalledAt = search.stalledAt ?? range.lowerBound + search.furthest
            }
            if p >> 10 > reported >> 10 || reported < 0 {
                reported = p
                progress?(range.lowerBound + p, search.heap.count)
            }
            let node = open.entry
            // Before a window's first line every step is free (its lines, if any, were written
            // before the window): the states met are the configuration's reachable states.
            let before = window && p == 0
            if p == search.furthest { misses.keep(node.state) }
            actions.removeAll(keepingCapacity: true)
            actions.append(contentsOf: model.actions(in: node.state))
            for action in actions {
                let world = model.kind(of: action) == .world
                if world && Int(node.world) >= (before ? windowWorld : gapWorld) {
                    if before { cut.window = true } else { cut.world = true }
                    continue
                }
                guard let (next, renaming) = model.loggedStep(node.state, action) else { continue }
                var bit = node.memory
                let events = Self.written(model.logLines(node.state, action, next, memory: &bit), kinds: kinds)
                let across = renaming
                let binding = node.binding
                let broken = node.broken || (!target.isEmpty && breaks((node.state, action), next))
                if events.isEmpty || before {
                    if !before {
                        guard Int(node.steps) < gapSteps else {
                            cut.steps = true
                            continue
                        }
                    }
                    var kept = binding
                    kept.follow(across)
                    search.push(
                        Open(state: next, fingerprint: model.fingerprint(of: next), memory: bit, binding: kept,
                            world: node.world + (world ? 1 : 0), steps: before ? 0 : node.steps + 1, total: node.total + 1,
                            position: node.position, broken: before ? false : broken),
                        parent: open.node, action: action)
                    if events.isEmpty { continue }
                }
                // Past the last line (only searched for a property to break) nothing more is logged.
                guard p < lines.count(against: p) else { continue }
                // A window may open on any of a step's lines (a file cut between two lines of one step).
                for skip in 0..<(before ? events.count : 1) {
                    let tail = events[skip...]
                    var b = binding
                    var matched = lines.key(p) == M.lineKey(written: tail[tail.startIndex]) && p + tail.count <= lines.count(against: p + tail.count)
                    if matched {
                        for (j, e) in tail.enumerated() where !b.match(e, lines.event(p + j), at: p + j, lines.names) {
                            matched = false
                            break
                        }
                    }
                    guard matched else {
                        if p == search.furthest { misses.add(Array(tail), node.binding) }
                        continue
                    }
                    b.follow(across)
                    let furthest = search.furthest
                    let entry = Open(state: next, fingerprint: model.fingerprint(of: next), memory: bit, binding: b,
                        world: 0, steps: 0, total: node.total + 1, position: Int32(p + tail.count), broken: broken)
                    if before && openings != nil { opened.append((entry, open.node, action)) }
                    search.push(entry, parent: open.node, action: action)
                    if search.furthest > furthest { misses = Misses() }
                }
            }
        }
        if window, known == nil, let openings {
            if search.furthest == 0 { openedMisses = misses }
            openings[range] = Self.opened(search, opened, misses: openedMisses, cutWindow: cut.window)
        }
        if let wroteAll, let name = options.breaking {
            return outcome(.unbroken(property: name), node: wroteAll, search, range: range, lines, window: window, cut: cut)
        }
        if let known, search.furthest == 0, let m = known.misses { misses = m }
        let at = search.furthest
        var result = outcome(.stuck(index: range.lowerBound + min(at, max(0, lines.count(against: at) - 1))), node: search.deepest, search, range: range, lines, window: window, cut: cut)
        result.wouldLog = misses.distinct { model.describe($0, $1, lines.names) }
        result.stuckStates = misses.states
        result.stuckCount = misses.count
        return result
    }

    /// The trails before a window (position 0, renumbered) and the nodes opened from them.
    static func opened(
        _ search: Search, _ opened: [(entry: Open, parent: Int32, action: M.Action)], misses: Misses?, cutWindow: Bool
    ) -> TraceWindowOpenings<M>.Opened {
        var renumbered = [Int32](repeating: -1, count: search.nodes.count)
        var trails: [Trail] = []
        for (k, t) in search.nodes.enumerated() where t.position == 0 {
            renumbered[k] = Int32(trails.count)
            trails.append(Trail(parent: t.parent >= 0 ? renumbered[Int(t.parent)] : -1, action: t.action, position: 0))
        }
        return .init(trails: trails, opens: opened.map { ($0.entry, renumbered[Int($0.parent)], $0.action) }, misses: misses, cutWindow: cutWindow)
    }

    /// Whether a search of `range` opens on a window (`Options.window`; an episode searched
    /// afresh opens on any reachable state too). With `--from-start` every search, the
    /// episodes searched afresh included, starts from the initial states (the log is whole).
    public func isWindow(_ range: Range<Int>) -> Bool { options.window }

    /// The judges of the properties `Options.breaking` names: one property, or every property
    /// of a class (`zombie-card` names each `zombie-card:CAUSE`).
    var breakingJudges: [PropertyJudge<M>] {
        guard let name = options.breaking else { return [] }
        return model.properties.filter { p in
            p.kind != .sometimes && (p.name == name || M.propertyClass(p.name) == name)
        }.map { PropertyJudge(model: model, property: $0) }
    }

    /// The model's lines the build wrote (`Options.events`): a kind it did not write is dropped.
    func written(_ events: [M.Binding.Written]) -> [M.Binding.Written] { Self.written(events, kinds: options.events) }

    static func written(_ events: [M.Binding.Written], kinds: Set<String>?) -> [M.Binding.Written] {
        guard let kinds, !events.isEmpty else { return events }
        return events.filter { kinds.contains(M.lineKind($0)) }
    }

    /// A node waiting to be expanded: what it is (its key, its budget left) and how far along.
    struct Open {
        var state: M.State
        var fingerprint: UInt64
        var memory: M.LogMemory
        var binding: M.Binding
        var world: UInt8
        var steps: UInt8
        var total: Int32
        var position: Int32
        /// With a property to break: whether the steps to here broke it.
        var broken = false
    }


    /// A node is searched once per (state, log memory, binding, position, world actions spent
    /// in its gap); met again with fewer of its gap's steps spent, it is searched again (it
    /// has more steps left), so the gap bound cuts the same paths in any order.
    struct NodeKey: Hashable {
        var fingerprint: UInt64
        var memory: M.LogMemory
        var binding: M.Binding
        var position: Int32
        var world: UInt8
        var broken: Bool

        /// The small fields as one word (fewer hasher rounds for each node stored).
        func hash(into hasher: inout Hasher) {
            hasher.combine(fingerprint ^ (UInt64(UInt32(bitPattern: position)) << 17 | UInt64(world) << 9 | (broken ? 1 : 0)))
            hasher.combine(memory)
            hasher.combine(binding)
        }
    }

    /// How a node was reached: its parent node, the step, the log position after it.
    struct Trail {
        var parent: Int32
        var action: M.Action?
        var position: Int32
    }

    /// The search's open nodes (a binary heap: the furthest position first, then the fewest
    /// steps with a world action counted as `worldWeight` (a gap needing a world action at once
    /// is not left until every system step of the gap is tried, nor tried before a shorter
    /// gap), then the fewest world actions, then the earliest pushed, so the order is the same
    /// on every run), the trails of every node, and the fewest gap steps each key was met with. The heap holds each open
    /// node's order and its slot in `open`, not the node: a generic node is copied through its
    /// type's metadata across the module boundary, and a heap moves its entries log n times.
    struct Search {
        var heap: [HeapKey] = []
        /// The open nodes by slot (nil: popped, its slot free for the next push).
        var open: [Open?] = []
        var free: [Int32] = []
        var nodes: [Trail] = []
        var best: [NodeKey: UInt8] = [:]  // lookup only
        var expanded = 0
        /// Watched (`run(watch:)`): the line where the stall budget first ran out.
        var stalledAt: Int?
        /// The furthest position a node reached, and the first node there.
        var furthest = 0
        var deepest: Int32 = 0

        /// An open node's place in the heap order, and its slot in `open`.
        struct HeapKey {
            var position: Int32
            var world: UInt8
            var total: Int32
            var node: Int32
            var slot: Int32
        }

        mutating func push(_ entry: Open, parent: Int32, action: M.Action?) {
            let key = NodeKey(
                fingerprint: entry.fingerprint, memory: entry.memory, binding: entry.binding, position: entry.position,
                world: entry.world, broken: entry.broken)
            // One lookup: the fewest gap steps the key was met with, lowered in place.
            guard Self.lower(&best[key, default: .max], to: entry.steps) else { return }
            nodes.append(Trail(parent: parent, action: action, position: entry.position))
            let index = Int32(nodes.count - 1)
            if Int(entry.position) > furthest || nodes.count == 1 {
                furthest = Int(entry.position)
                deepest = index
            }
            let slot: Int32
            if let f = free.popLast() {
                slot = f
                open[Int(f)] = entry
            } else {
                slot = Int32(open.count)
                open.append(entry)
            }
            heap.append(HeapKey(position: entry.position, world: entry.world, total: entry.total, node: index, slot: slot))
            var k = heap.count - 1
            while k > 0 {
                let up = (k - 1) / 2
                guard Self.before(heap[k], heap[up]) else { break }
                heap.swapAt(k, up)
                k = up
            }
        }

        /// Lowers `kept` to `steps` when fewer; false when it was already as low (met before with as many steps left).
        static func lower(_ kept: inout UInt8, to steps: UInt8) -> Bool {
            guard steps < kept else { return false }
            kept = steps
            return true
        }

        mutating func pop() -> (entry: Open, node: Int32)? {
            guard !heap.isEmpty else { return nil }
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var k = 0
                while true {
                    let l = 2 * k + 1, r = l + 1
                    var m = k
                    if l < heap.count, Self.before(heap[l], heap[m]) { m = l }
                    if r < heap.count, Self.before(heap[r], heap[m]) { m = r }
                    if m == k { break }
                    heap.swapAt(k, m)
                    k = m
                }
            }
            free.append(top.slot)
            // Moved out, not copied: the popped node's state is released with it.
            guard let entry = open[Int(top.slot)].take() else { return nil }
            return (entry, top.node)
        }

        /// What a world action costs against an unlogged system step in the search order: a
        /// gap's steps cheapest first, a world action as two steps (`Docs/diagnose.md`, "The search").
        static var worldWeight: Int { 2 }

        static func before(_ a: HeapKey, _ b: HeapKey) -> Bool {
            if a.position != b.position { return a.position > b.position }
            let ca = Int(a.total) + worldWeight * Int(a.world), cb = Int(b.total) + worldWeight * Int(b.world)
            if ca != cb { return ca < cb }
            if a.world != b.world { return a.world < b.world }
            if a.total != b.total { return a.total < b.total }
            return a.node < b.node
        }
    }

    /// At the furthest position reached: what its nodes would log instead (distinct, at most
    /// 64, from the first 4,096 steps tried) and a few of its states. The steps are kept as
    /// they are and described only if the search sticks there: most positions are passed.
    struct Misses {
        var tried: [(events: [M.Binding.Written], binding: M.Binding)] = []
        var states: [M.State] = []
        var count = 0

        mutating func keep(_ state: M.State) {
            count += 1
            if states.count < 3 { states.append(state) }
        }

        mutating func add(_ events: [M.Binding.Written], _ binding: M.Binding) {
            if tried.count < 4096 { tried.append((events, binding)) }
        }

        /// The distinct descriptions of the steps tried, in the order tried, at most 64.
        func distinct(_ describe: ([M.Binding.Written], M.Binding) -> String) -> [String] {
            var out: [String] = []
            var seen: Set<String> = []  // lookup only
            for (events, binding) in tried where out.count < 64 {
                let w = describe(events, binding)
                if seen.insert(w).inserted { out.append(w) }
            }
            return out
        }
    }

    /// The steps to `node` from an initial state, with the lines each wrote.
    func outcome(
        _ ending: Ending, node: Int32, _ search: Search, range: Range<Int>, _ lines: TraceLogReading<M>, window: Bool,
        cut: (steps: Bool, world: Bool, window: Bool)
    ) -> Outcome {
        var chain: [Int] = []
        var t = Int(node)
        while t >= 0, t < search.nodes.count, search.nodes[t].parent >= 0 {
            chain.append(t)
            t = Int(search.nodes[t].parent)
        }
        var steps: [M.Action] = []
        var linesOfStep: [[Int]] = []
        for h in chain.reversed() {
            let trail = search.nodes[h]
            guard let a = trail.action else { continue }
            let from = Int(search.nodes[Int(trail.parent)].position), to = Int(trail.position)
            steps.append(a)
            linesOfStep.append(Array((range.lowerBound + from)..<(range.lowerBound + to)))
        }
        var out = Outcome(
            ending: ending, steps: steps, linesOfStep: linesOfStep, candidates: search.nodes.count, expanded: search.expanded,
            wouldLog: [], stuckStates: [], stuckCount: 0, origin: range.lowerBound, level: options)
        out.read = lines.events.count
        out.lengthAsked = lines.lengthAsked
        out.cutBySteps = cut.steps
        out.cutByWorld = cut.world
        out.cutByWindow = cut.window
        out.stalledAt = search.stalledAt
        // The steps before the one that wrote the window's first line (none written yet: all).
        if window { out.beforeWindow = linesOfStep.firstIndex { !$0.isEmpty } ?? steps.count }
        return out
    }
}

extension TraceSearch {
    /// Whether the log of `steps` (from the first initial state) is exactly the log's lines
    /// `range`, under one binding built as the lines come: the number of lines it matched, or
    /// nil at the first line it does not (a disabled step, a different event, a line too many
    /// or too few). Independent of the search: it checks a witness the search returned. For a
    /// window (`beforeWindow`: the steps before it), the lines of the steps before are not in
    /// the log, and the first line may be any of the next step's lines.
    public func projection(of steps: [M.Action], matches range: Range<Int>? = nil, beforeWindow: Int? = nil) -> Int? {
        let range = range ?? 0..<log.lines.count
        let lines = Array(log.lines[range].map(\.event))
        var names = M.Binding.Names()
        for line in lines { names.append(line) }
        guard var state = model.initialStates().first else { return nil }
        var binding = model.freshBinding()
        var memory = model.initialLogMemory
        var p = 0
        for (k, action) in steps.enumerated() {
            guard model.actions(in: state).contains(action), let (next, renaming) = model.loggedStep(state, action) else { return nil }
            let events = written(model.logLines(state, action, next, memory: &memory))
            if let w = beforeWindow, k < w {
                binding.follow(renaming)
                state = next
                continue
            }
            var tail = events[...]
            if let w = beforeWindow, k == w {
                // The window opens on the first of this step's lines that starts a match.
                guard let skip = (0..<max(1, events.count)).first(where: { j in
                    var b = binding
                    return events[j...].enumerated().allSatisfy { i, e in i < lines.count && b.match(e, lines[i], at: i, names) }
                }) else { return nil }
                tail = events[skip...]
            }
            for e in tail {
                guard p < lines.count, binding.match(e, lines[p], at: p, names) else { return nil }
                p += 1
            }
            binding.follow(renaming)
            state = next
        }
        return p == lines.count ? p : nil
    }
}
