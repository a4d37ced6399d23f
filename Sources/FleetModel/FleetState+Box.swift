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
