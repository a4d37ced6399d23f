/// Storage: a state copies in one retain and keeps its part hashes; FleetCodecTests pins that it changes nothing.
///
/// A fleet state's cells in one heap block (a `ManagedBuffer`: one allocation, read through a
/// pointer, no exclusivity check per access), with what a successor's packing needs to reuse
/// its parent's ids. Never written while shared: `FleetState.unshare` copies it first.
///
/// The cells are the buffer's one tail element, not a header field: a box is allocated with
/// them uninitialized, so `FleetCodec.unpack` copies each part into place once (a header is a
/// whole value, built first and then moved in).
final class FleetStateBox: ManagedBuffer<FleetStateBox.Header, FleetState.Cells> {
    struct Header {
        /// Parts (`FleetState.Part`) written since this box was copied from `source` (all of
        /// them when it has none): the others are its source's, unchanged.
        var written: UInt8
        /// A list that did not fit (`FleetState.Overflow`, bits): the step is refused.
        var overflow: UInt8 = 0
        /// The box this one was copied from (held, so the identity test in `changed(since:)`
        /// can never match a newer box at a reused address).
        var source: FleetStateBox?
        /// What readers derived from `cells`: a copy of the box keeps it with the cells, a write
        /// drops what it invalidates (`FleetState.unshare`).
        var derived = Derived()
    }

    /// Caches of what the cells give, in one field so that whatever copies a box's cells
    /// (`copy`, `FleetState.refill`) copies all of them with it.
    struct Derived {
        /// Each part's fingerprint hash (`FleetSystem.partHashes`, index = the part's bit), valid
        /// where `hashed` has the part's bit: a copy keeps its source's, a write clears the part's.
        var hashes = InlineArray<5, UInt64>(repeating: 0)
        var hashed: UInt8 = 0
        /// Each phone's hash (`FleetSystem.deviceHash`, `deviceCapacity` of them), valid where
        /// `hashed` has the devices' bit: the intern table's key for that phone.
        var deviceHashes = InlineArray<3, UInt64>(repeating: 0)
        /// What a scan of the tokens found since the last write (`FleetSystem.numberedInOrder`):
        /// a successor of this state scans only the segments its step wrote.
        var tokenMarks = FleetSystem.TokenMarks()
        /// Whether the POSTs and pushes in flight are sorted (`FleetSystem.inFlightSorted`),
        /// kept until the in-flight part is next written.
        var inFlightOrder = FleetSystem.InFlightOrder.unknown
    }

    /// A box with `header` and its cells not yet initialized: the caller writes every byte of
    /// them before the state is read (they are plain bytes, so nothing is released).
    static func make(_ header: Header) -> FleetStateBox {
        unsafeDowncast(create(minimumCapacity: 1) { _ in header }, to: FleetStateBox.self)
    }

    static func make(_ cells: FleetState.Cells) -> FleetStateBox {
        let b = make(Header(written: FleetState.Part.all, source: nil))
        b.cells.initialize(to: cells)
        return b
    }

    /// A copy of this box's cells to write: nothing written yet.
    func copy() -> FleetStateBox {
        let b = Self.make(Header(written: 0, source: self, derived: head.pointee.derived))
        b.cells.initialize(to: cells.pointee)
        return b
    }

    @inline(__always) var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    @inline(__always) var cells: UnsafeMutablePointer<FleetState.Cells> { withUnsafeMutablePointerToElements { $0 } }

    /// The cells of the box whose header is at `head`: they follow it, at the next multiple of
    /// their alignment (`FleetStateCapacityTests` checks it against `cells`).
    @inline(__always) static func cells(of head: UnsafeMutablePointer<Header>) -> UnsafeMutablePointer<FleetState.Cells> {
        let align = MemoryLayout<FleetState.Cells>.alignment
        let offset = (MemoryLayout<Header>.size + align - 1) / align * align
        return (UnsafeMutableRawPointer(head) + offset).assumingMemoryBound(to: FleetState.Cells.self)
    }

    /// The parts of this state that may differ from `parent`'s: none when they share the box,
    /// the parts written since the copy when this box was copied from `parent`'s, else all.
    func changed(since parent: FleetStateBox) -> UInt8 {
        if self === parent { return 0 }
        return head.pointee.source === parent ? head.pointee.written : FleetState.Part.all
    }
}
