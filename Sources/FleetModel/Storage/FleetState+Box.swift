/// Storage: a step reuses the box of the one before, == compares cached hashes first; FleetCodecTests pins both.
extension FleetState {
    /// A state of a box made for it (`FleetCodec.unpack`).
    init(box: FleetStateBox) { self.box = box }

    /// A copy of this state to take a step in: `spare`'s box refilled with this state when
    /// nothing else holds it (no allocation), else this state (its box copied on the first write).
    @inline(__always)
    func successor(reusing spare: inout FleetState?) -> FleetState {
        guard var s = spare.take(), isKnownUniquelyReferenced(&s.box) else { return self }
        s.refill(from: self)
        return s
    }

    /// The box of the state this spare successor was last built from (`successor`), taken out of
    /// it when this spare and that box are held nowhere else: the search expanded that state and
    /// has let it go, so the next state can be unpacked into its box. The spare's next refill
    /// names its new source.
    mutating func reclaimSource() -> FleetStateBox? {
        guard isKnownUniquelyReferenced(&box) else { return nil }
        let h = box.head
        guard isKnownUniquelyReferenced(&h.pointee.source) else { return nil }
        return h.pointee.source.take()
    }

    /// Makes this state's box (held nowhere else) what `parent.box.copy()` would return, without
    /// allocating one: the search builds each successor in the box of the one before.
    @inline(__always)
    private mutating func refill(from parent: FleetState) {
        let h = box.head, p = parent.box.head
        cells.pointee = parent.cells.pointee
        h.pointee.written = 0
        h.pointee.overflow = 0
        // A state's successors share its box as their source: counted once, not once a step.
        if h.pointee.source !== parent.box { h.pointee.source = parent.box }
        h.pointee.derived = p.pointee.derived
    }

    /// Notes that this state's tokens are numbered as `parent`'s were: its step moved no token
    /// (`FleetSystem.keepsTokens`) and the parent is canonical, so no scan is needed.
    @inline(__always) func keepTokenMarks(of parent: FleetState) {
        box.head.pointee.derived.tokenMarks = parent.box.head.pointee.derived.tokenMarks
    }

    /// A part hashed in both (its hash cached) and hashed apart differs: most unequal states the
    /// search compares (a successor with its parent) are told apart by five words, not the cells.
    /// A box copied from the other's and not written since holds the same cells: a step that
    /// changed nothing is told equal without comparing them.
    public static func == (a: FleetState, b: FleetState) -> Bool {
        if a.box.changed(since: b.box) == 0 || b.box.changed(since: a.box) == 0 { return true }
        let ha = a.box.head, hb = b.box.head
        let both = ha.pointee.derived.hashed & hb.pointee.derived.hashed
        for part in 0..<5 where both & (1 << part) != 0 && ha.pointee.derived.hashes[part] != hb.pointee.derived.hashes[part] {
            return false
        }
        return a.cells.pointee == b.cells.pointee
    }

    public func hash(into h: inout Hasher) { cells.pointee.hash(into: &h) }

    /// The JSON of the cells: the same object, key for key, as before they moved behind a box.
    public init(from decoder: Decoder) throws { self.init(cells: try Cells(from: decoder)) }

    public func encode(to encoder: Encoder) throws { try cells.pointee.encode(to: encoder) }
}

extension FleetState: CustomReflectable {
    /// Its fields (test failures, dumps), never the box.
    public var customMirror: Mirror { Mirror(reflecting: cells.pointee) }
}

extension FleetState {
    /// Puts a POST in flight. One past the list's capacity (the in-flight bound plus one) only
    /// notes the overflow: the step is refused by `maxPostsInFlight` whatever else it sends,
    /// so the state is never kept (`FleetSystem.withinBounds`).
    mutating func post(_ p: PostCell) {
        if posts.count < Posts.capacityValue {
            posts.append(p)
        } else {
            overflowed(Overflow.posts, Part.inFlight)
        }
    }

    /// A list that did not fit, one bit each: the step is refused (`FleetSystem.withinBounds`).
    enum Overflow {
        /// A POST past the in-flight bound plus one: maxPostsInFlight.
        static let posts: UInt8 = 1
        /// A registry list past `tokenCapacity` (`serverStep`): the model's token-list capacity.
        static let tokens: UInt8 = 2
    }

    /// Notes that a list of `part` did not fit; the list itself is left as it was.
    mutating func overflowed(_ list: UInt8, _ part: UInt8) {
        unshare(part)
        box.head.pointee.overflow |= list
    }

    /// The lists that did not fit in this step (0: none).
    var overflow: UInt8 { box.head.pointee.overflow }
    /// More POSTs were put in flight than the list holds (a step that is refused).
    var postsOverflowed: Bool { overflow & Overflow.posts != 0 }
    /// A registry list grew past `tokenCapacity` (a step that is refused).
    var tokensOverflowed: Bool { overflow & Overflow.tokens != 0 }
}
