extension FleetState {
    public static func == (a: FleetState, b: FleetState) -> Bool {
        a.box === b.box || a.cells.pointee == b.cells.pointee
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
            unshare(Part.inFlight)
            box.head.pointee.postsOverflowed = true
        }
    }

    /// More POSTs were put in flight than the list holds (a step that is refused).
    var postsOverflowed: Bool { box.head.pointee.postsOverflowed }
}
