/// Storage: a successor's canonical form is checked where its step wrote; FleetTokenScanTests and
/// FleetInFlightOrderTests pin that it finds what a full check finds.
///
/// What the canonical form (`Model/FleetSystem+Canonical.swift`) found of a state, kept in its
/// box's header until the state is next written (`FleetState.unshare` drops it): whether its
/// tokens are numbered in order, segment by segment, and whether its in-flight lists are sorted.
extension FleetSystem {
    /// Whether `s` is canonical (numbered in order, in-flight lists sorted), from what its
    /// header notes (scanned once when it notes nothing).
    static func canonicalAsIs(_ s: FleetState) -> Bool {
        let head = s.box.head
        if head.pointee.derived.tokenMarks.scan == .unknown {
            _ = scanTokens(head, segments: TokenMarks.all, parent: TokenMarks())
        }
        return head.pointee.derived.tokenMarks.scan == .inOrder && inFlightSorted(s)
    }

    /// Whether `s`'s POSTs and pushes in flight are sorted, noted in its header until they are
    /// next written. Writing the header is safe as for `numberedInOrder(_:after:)`.
    static func inFlightSorted(_ s: FleetState) -> Bool {
        let head = s.box.head
        if head.pointee.derived.inFlightOrder == .unknown {
            let sorted = s.inPlace.posts.isSorted(by: precedes) && s.inPlace.pushes.isSorted(by: precedes)
            head.pointee.derived.inFlightOrder = sorted ? .sorted : .unsorted
        }
        return head.pointee.derived.inFlightOrder == .sorted
    }

    /// What `inFlightSorted` found, kept in a box's header.
    enum InFlightOrder: UInt8 { case unknown, sorted, unsorted }

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
}
