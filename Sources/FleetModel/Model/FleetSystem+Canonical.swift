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

    /// Whether `s` is canonical (numbered in order, in-flight lists sorted), from what its
    /// header notes (scanned once when it notes nothing).
    static func canonicalAsIs(_ s: FleetState) -> Bool {
        let head = s.box.head
        if head.pointee.derived.tokenMarks.scan == .unknown {
            _ = scanTokens(head, segments: TokenMarks.all, parent: TokenMarks())
        }
        return head.pointee.derived.tokenMarks.scan == .inOrder && inFlightSorted(s)
    }

    /// `sortInFlight(&s)` for a successor of `parent`: in-flight lists its step (and the
    /// renumbering before) left unwritten are the parent's, sorted when the parent's are (most
    /// steps leave them; the search's parents are canonical, checked once for all successors);
    /// so are lists that are the parent's with entries taken out (`shrunk`).
    func sortInFlight(_ s: inout FleetState, after parent: FleetState, shrunk: Bool = false) -> Bool {
        if shrunk || s.box.changed(since: parent.box) & FleetState.Part.inFlight == 0, Self.inFlightSorted(parent) {
            return false
        }
        return sortInFlight(&s)
    }

    /// Whether `s`'s POSTs and pushes in flight are sorted, noted in its header until they are
    /// next written. Writing the header is safe as for `numberedInOrder(_:after:)`.
    static func inFlightSorted(_ s: FleetState) -> Bool {
        let head = s.box.head
        if head.pointee.derived.inFlightOrder == .unknown {
            let c = UnsafePointer(s.cells)
            let sorted =
                isSorted(c.pointer(to: \.posts)!, by: precedes) && isSorted(c.pointer(to: \.pushes)!, by: precedes)
            head.pointee.derived.inFlightOrder = sorted ? .sorted : .unsorted
        }
        return head.pointee.derived.inFlightOrder == .sorted
    }

    /// What `inFlightSorted` found, kept in a box's header.
    enum InFlightOrder: UInt8 { case unknown, sorted, unsorted }

    /// Sorts the POSTs and pushes in flight; false when they were sorted already.
    func sortInFlight(_ s: inout FleetState) -> Bool {
        let c = UnsafePointer(s.cells)
        let posts = c.pointer(to: \.posts)!, pushes = c.pointer(to: \.pushes)!
        guard posts.pointee.count > 1 || pushes.pointee.count > 1 else { return false }
        // Sorting only what is out of order leaves the other list as it is.
        let postsSorted = Self.isSorted(posts, by: Self.precedes)
        let pushesSorted = Self.isSorted(pushes, by: Self.precedes)
        if postsSorted && pushesSorted { return false }
        if !postsSorted { s.posts.sort(by: Self.precedes) }
        if !pushesSorted { s.pushes.sort(by: Self.precedes) }
        return true
    }

    /// Whether the list at `list` is sorted, read in place (a list passed by value was copied whole).
    static func isSorted<let n: Int, T>(_ list: UnsafePointer<FixedList<n, T>>, by precedes: (T, T) -> Bool) -> Bool {
        let count = list.pointee.count
        guard count > 1 else { return true }
        for i in 1..<count where precedes(FixedList.element(list, i).pointee, FixedList.element(list, i - 1).pointee) {
            return false
        }
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

    /// Whether `renumber` would leave `s` as it is: each token, in `forEachToken` order, is 0,
    /// one seen before, or the next number.
    static func numberedInOrder(_ s: FleetState) -> Bool {
        scanTokens(s.box.head, segments: TokenMarks.all, parent: TokenMarks())
    }

    /// `numberedInOrder(s)` for a successor of `parent`, which is mostly in order (the search
    /// expands canonical states): a segment (`TokenMarks`) its step left as the parent's, and
    /// reached with the numbers the parent's was, is in order as the parent's was. So only the
    /// segments the step changed are scanned, after one scan of the parent for all its successors.
    static func numberedInOrder(_ s: FleetState, after parent: FleetState) -> Bool {
        let head = s.box.head
        let segments = changedSegments(s, since: parent)
        if segments == TokenMarks.all { return scanTokens(head, segments: segments, parent: TokenMarks()) }
        // Writing the parent's header is safe as for `hashedParts`: the state a search expands
        // is its thread's own (unpacked there).
        let parentHead = parent.box.head
        if parentHead.pointee.derived.tokenMarks.scan == .unknown {
            _ = scanTokens(parentHead, segments: TokenMarks.all, parent: TokenMarks())
        }
        let marks = parentHead.pointee.derived.tokenMarks
        return scanTokens(head, segments: marks.scan == .inOrder ? segments : TokenMarks.all, parent: marks)
    }

    /// The token segments of `s` (bits, `TokenMarks`) that may differ from `parent`'s: the
    /// parts its step wrote since its box was copied from the parent's.
    static func changedSegments(_ s: FleetState, since parent: FleetState) -> UInt8 {
        let changed = s.box.changed(since: parent.box)
        // (Comparing the phones to find the one written cost more than scanning both.)
        return (changed & FleetState.Part.devices != 0 ? 1 : 0) | (changed & FleetState.Part.registries != 0 ? 2 : 0)
            | (changed & FleetState.Part.servers != 0 ? 4 : 0) | (changed & FleetState.Part.inFlight != 0 ? 8 : 0)
    }

    /// Scans the tokens of `head`'s cells, noting in its header where each segment ended or
    /// that one is out of order. A segment not in `segments` is not read when reached with as
    /// many numbers given as `parent`'s was (`scans`). Plain loops by index through pointers: no
    /// cell is copied out of the state.
    static func scanTokens(
        _ head: UnsafeMutablePointer<FleetStateBox.Header>, segments: UInt8, parent: TokenMarks
    ) -> Bool {
        let c = UnsafePointer(FleetStateBox.cells(of: head))
        var order = TokenOrder()
        var marks = TokenMarks()
        // Whether segment k, which the parent reached with `start`, is to be scanned. Unchanged
        // and reached with `start` or more, it is in order: each token is one seen before, or
        // (new ones come in order, one more each) the first past all seen so far is the next.
        func scans(_ k: Int, _ start: UInt8) -> Bool {
            if segments & (1 << k) != 0 || order.next < start { return true }
            order.next = max(order.next, parent.next[k])
            return false
        }
        if scans(0, 1) {
            let devices = c.pointer(to: \.devices)!
            for d in 0..<devices.pointee.count where !take(FixedList.element(devices, d), &order) { return outOfOrder(head) }
        }
        marks.next[0] = order.next
        if scans(1, parent.next[0]) {
            let registries = c.pointer(to: \.registries)!
            for r in 0..<registries.pointee.count {
                let registry = FixedList.element(registries, r)
                guard take(registry.pointer(to: \.pushToStart)!, &order), take(registry.pointer(to: \.update)!, &order) else {
                    return outOfOrder(head)
                }
            }
        }
        marks.next[1] = order.next
        if scans(2, parent.next[1]) {
            // Read through the accessors down to each target: a tick bound to a `let` was copied
            // whole (through a non-inlined read coroutine).
            let servers = c.pointer(to: \.servers)!
            for i in 0..<servers.pointee.count {
                let server = FleetState.Servers.element(servers, i)
                let n = server.pointee.tick?.targets.count ?? 0
                for t in 0..<n {
                    guard let target = server.pointee.tick?.targets[t] else { break }
                    if !target.channel && !order.take(target.token) { return outOfOrder(head) }
                }
            }
        }
        marks.next[2] = order.next
        if scans(3, parent.next[2]) {
            let posts = c.pointer(to: \.posts)!
            for p in 0..<posts.pointee.count where !order.take(FleetState.Posts.element(posts, p).pointee.token) {
                return outOfOrder(head)
            }
            // (The pushes' subscript copied the whole list out per push.)
            let pushes = c.pointer(to: \.pushes)!
            for p in 0..<pushes.pointee.count where !order.take(FleetState.Pushes.element(pushes, p).pointee.token) {
                return outOfOrder(head)
            }
        }
        marks.next[3] = order.next
        marks.scan = .inOrder
        head.pointee.derived.tokenMarks = marks
        return true
    }

    private static func outOfOrder(_ head: UnsafeMutablePointer<FleetStateBox.Header>) -> Bool {
        head.pointee.derived.tokenMarks.scan = .outOfOrder
        return false
    }

    /// A phone's tokens: its push-to-start token, then its cards'.
    @inline(__always) private static func take(_ device: UnsafePointer<DeviceCell>, _ order: inout TokenOrder) -> Bool {
        guard order.take(device.pointee.pushToStartToken) else { return false }
        let cards = device.pointer(to: \.cards)!
        for k in 0..<cards.pointee.count where !order.take(FixedList.element(cards, k).pointee.token) { return false }
        return true
    }

    @inline(__always) private static func take(_ tokens: UnsafePointer<FleetState.Tokens>, _ order: inout TokenOrder) -> Bool {
        for k in 0..<tokens.pointee.count where !order.take(FixedList.element(tokens, k).pointee.token) { return false }
        return true
    }

    /// What a scan of a box's tokens found (`numberedInOrder`), kept in its header until the
    /// box is next written. The tokens fall in segments, in `forEachToken` order: the phones,
    /// the registries, the servers' ticks, the POSTs and pushes in flight.
    struct TokenMarks {
        enum Scan: UInt8 { case unknown, inOrder, outOfOrder }
        /// Every segment (bit k: segment k).
        static let all: UInt8 = 15
        var scan = Scan.unknown
        /// In order: `TokenOrder.next` after each segment.
        var next = InlineArray<4, UInt8>(repeating: 1)
    }

    /// The numbers given so far: in order they are exactly 1..<next, so a token is in order
    /// when it is below `next` (0 or one seen before) or `next` itself (the next new one).
    struct TokenOrder {
        var next: UInt8 = 1

        /// False when `t` is new and not the next number. Without a branch on the token (which
        /// is the next one or seen before about as often as not).
        @inline(__always) mutating func take(_ t: UInt8) -> Bool {
            let inOrder = t <= next
            next &+= t == next ? 1 : 0
            return inOrder
        }
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
