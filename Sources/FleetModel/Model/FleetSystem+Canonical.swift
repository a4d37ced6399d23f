import Explorer

extension FleetSystem {
    /// Token numbers renumbered in order of first appearance, and the unordered in-flight
    /// POSTs and pushes sorted, so states that differ only in numbering or in the order things
    /// were sent are one state. A step that overflows an in-flight bound is refused upstream.
    func canonical(_ state: FleetState) -> FleetState {
        var s = state
        canonicalize(&s)
        return s
    }

    /// `canonical`, in place (a step's successor is not copied again).
    func canonicalize(_ s: inout FleetState) {
        renumber(&s)
        if sortInFlight(&s) { renumber(&s) }
    }

    /// `canonicalize(&s)` for a successor of `parent`: its numbering is checked from where its
    /// step wrote (`numberedInOrder(_:after:)`). `inFlightShrunk`: the step only took entries
    /// out of the POSTs and pushes in flight (`sortInFlight(_:after:shrunk:)`).
    func canonicalize(_ s: inout FleetState, after parent: FleetState, inFlightShrunk: Bool = false) {
        let renumbered = renumber(&s, after: parent)
        if sortInFlight(&s, after: parent, shrunk: inFlightShrunk && !renumbered) { renumber(&s, after: parent) }
    }

    /// `sortInFlight(&s)` for a successor of `parent`: in-flight lists its step (and the
    /// renumbering before) left unwritten are the parent's, sorted when the parent's are (most
    /// steps leave them; the search's parents are canonical, checked once for all successors);
    /// so are lists that are the parent's with entries taken out (`shrunk`).
    func sortInFlight(_ s: inout FleetState, after parent: FleetState, shrunk: Bool = false) -> Bool {
        if shrunk || s.changed(since: parent) & FleetState.Part.inFlight == 0, Self.inFlightSorted(parent) {
            return false
        }
        return sortInFlight(&s)
    }

    /// Sorts the POSTs and pushes in flight; false when they were sorted already.
    func sortInFlight(_ s: inout FleetState) -> Bool {
        let posts = s.inPlace.posts, pushes = s.inPlace.pushes
        guard posts.count > 1 || pushes.count > 1 else { return false }
        // Sorting only what is out of order leaves the other list as it is.
        let postsSorted = posts.isSorted(by: Self.precedes)
        let pushesSorted = pushes.isSorted(by: Self.precedes)
        if postsSorted && pushesSorted { return false }
        if !postsSorted { s.posts.sort(by: Self.precedes) }
        if !pushesSorted { s.pushes.sort(by: Self.precedes) }
        return true
    }

    /// `key(a)` lexicographically before `key(b)`, without building the keys.
    static func precedes(_ a: PostCell, _ b: PostCell) -> Bool { postWord(a) < postWord(b) }

    static func postWord(_ p: PostCell) -> UInt64 {
        let endpoint: UInt64 = p.endpoint == .startToken ? 0 : p.endpoint == .updateToken ? 1 : 2
        return UInt64(p.device) << 32 | UInt64(p.host) << 24 | endpoint << 16 | UInt64(p.token) << 8 | UInt64(p.env)
    }

    /// `key(a)` lexicographically before `key(b)` (keys of pushes: fields, then content bytes).
    static func precedes(_ a: PushCell, _ b: PushCell) -> Bool {
        let x = pushWord(a), y = pushWord(b)
        if x != y { return x < y }
        return a.content.rows.lexicographicallyPrecedes(b.content.rows)
    }

    /// The first ten bytes of `key(p)` (all but the rows), big-endian in one 128-bit word.
    static func pushWord(_ p: PushCell) -> UInt128 {
        let head = UInt64(p.device) << 40 | UInt64(actionCode(p.action)) << 32 | UInt64(p.token) << 24
            | UInt64(p.channel ? 1 : 0) << 16 | UInt64(originCode(p.origin)) << 8 | UInt64(p.besideRegistered ? 1 : 0)
        let tail = UInt64(p.content.working) << 24 | UInt64(p.content.needsInput) << 16 | UInt64(p.content.more) << 8
            | UInt64(UInt8(truncatingIfNeeded: p.content.rows.count))
        return UInt128(head) << 32 | UInt128(tail)
    }

    func withinBounds(_ s: FleetState) -> Bool {
        s.overflow == 0 && s.posts.count <= config.bounds.maxPostsInFlight
            && s.pushes.count <= config.bounds.maxPushesInFlight
    }

    /// The bound that refused a state `withinBounds` refuses (a token list that did not fit,
    /// then POSTs, as they are counted).
    func refusingInFlightBound(_ s: FleetState) -> FleetBound {
        if s.tokensOverflowed { return .tokenListCapacity }
        return s.postsOverflowed || s.posts.count > config.bounds.maxPostsInFlight ? .maxPostsInFlight : .maxPushesInFlight
    }

    static func key(_ p: PostCell) -> [UInt8] {
        [p.device, p.host, p.endpoint == .startToken ? 0 : p.endpoint == .updateToken ? 1 : 2, p.token, p.env]
    }

    static func key(_ p: PushCell) -> [UInt8] {
        [p.device, actionCode(p.action), p.token, p.channel ? 1 : 0, originCode(p.origin), p.besideRegistered ? 1 : 0]
            + contentBytes(p.content)
    }

    static func actionCode(_ a: FleetCard.FleetAction) -> UInt8 {
        switch a {
        case .start: 0
        case .update: 1
        case .end: 2
        case .nothing: 3
        }
    }

    static func originCode(_ o: CardOrigin) -> UInt8 {
        switch o {
        case .app: 0
        case .server: 1
        case .otherServer: 2
        }
    }

    static func contentBytes(_ c: CardContent) -> [UInt8] {
        [c.working, c.needsInput, c.more, UInt8(c.rows.count)] + Array(c.rows)
    }

    /// Token numbers renumbered in order of first appearance (`forEachToken`), in place.
    func renumber(_ s: inout FleetState) {
        // Most steps leave the numbering as it is: checked first in one pass (no map),
        // and then the state's arrays stay shared with its parent's (cheap to pack and compare).
        if !Self.numberedInOrder(s) { renumberTokens(&s) }
    }

    /// `renumber(&s)` for a successor of `parent` (`numberedInOrder(_:after:)`); true when it
    /// renumbered.
    @discardableResult
    func renumber(_ s: inout FleetState, after parent: FleetState) -> Bool {
        if Self.numberedInOrder(s, after: parent) { return false }
        renumberTokens(&s)
        return true
    }

    /// Every token renumbered, in order of first appearance.
    func renumberTokens(_ s: inout FleetState) {
        var map = InlineArray<256, UInt8>(repeating: 0)
        var next: UInt8 = 1
        func id(_ t: UInt8) -> UInt8 {
            guard t != 0 else { return 0 }
            if map[Int(t)] == 0 {
                map[Int(t)] = next
                next &+= 1
            }
            return map[Int(t)]
        }
        for d in s.devices.indices {
            s.devices[d].pushToStartToken = id(s.devices[d].pushToStartToken)
            for c in s.devices[d].cards.indices { s.devices[d].cards[c].token = id(s.devices[d].cards[c].token) }
        }
        for r in s.registries.indices {
            for k in s.registries[r].pushToStart.indices {
                s.registries[r].pushToStart[k].token = id(s.registries[r].pushToStart[k].token)
            }
            for k in s.registries[r].update.indices { s.registries[r].update[k].token = id(s.registries[r].update[k].token) }
        }
        for i in s.servers.indices {
            guard var tick = s.servers[i].tick else { continue }
            for t in tick.targets.indices where !tick.targets[t].channel { tick.targets[t].token = id(tick.targets[t].token) }
            s.servers[i].tick = tick
        }
        for p in s.posts.indices { s.posts[p].token = id(s.posts[p].token) }
        for p in s.pushes.indices { s.pushes[p].token = id(s.pushes[p].token) }
    }

    /// Every token number of `s`, in the order `renumber` numbers them.
    static func forEachToken(_ s: FleetState, _ body: (UInt8) -> Void) {
        for d in s.devices.indices {
            body(s.devices[d].pushToStartToken)
            for c in s.devices[d].cards.indices { body(s.devices[d].cards[c].token) }
        }
        for r in s.registries.indices {
            for k in s.registries[r].pushToStart.indices { body(s.registries[r].pushToStart[k].token) }
            for k in s.registries[r].update.indices { body(s.registries[r].update[k].token) }
        }
        for i in s.servers.indices {
            guard let targets = s.servers[i].tick?.targets else { continue }
            for t in targets where !t.channel { body(t.token) }
        }
        for p in s.posts.indices { body(s.posts[p].token) }
        for p in s.pushes.indices { body(s.pushes[p].token) }
    }

    static func maxToken(_ s: FleetState) -> Int {
        var m: UInt8 = 0
        forEachToken(s) { m = max(m, $0) }
        return Int(m)
    }
}

import FleetCard
