/// A fleet state's cells in one heap block (a `ManagedBuffer` header: one allocation, read
/// through a pointer, no exclusivity check per access), with what a successor's packing needs
/// to reuse its parent's ids. Never written while shared:
/// `FleetState.unshare` copies it first.
final class FleetStateBox: ManagedBuffer<FleetStateBox.Header, UInt8> {
    struct Header {
        var cells: FleetState.Cells
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
        /// Each part's fingerprint hash (`FleetSystem.partHash`, index = the part's bit), valid
        /// where `hashed` has the part's bit: a copy keeps its source's, a write clears the part's.
        var hashes = InlineArray<5, UInt64>(repeating: 0)
        var hashed: UInt8 = 0
        /// Each phone's hash (`FleetSystem.deviceHash`, `deviceCapacity` of them), valid where
        /// `hashed` has the devices' bit: the intern table's key for that phone.
        var deviceHashes = InlineArray<2, UInt64>(repeating: 0)
        /// What a scan of the tokens found since the last write (`FleetSystem.numberedInOrder`):
        /// a successor of this state scans only the segments its step wrote.
        var tokenMarks = FleetSystem.TokenMarks()
        /// Whether the POSTs and pushes in flight are sorted (`FleetSystem.inFlightSorted`),
        /// kept until the in-flight part is next written.
        var inFlightOrder = FleetSystem.InFlightOrder.unknown
    }

    static func make(_ header: Header) -> FleetStateBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in header }, to: FleetStateBox.self)
    }

    static func make(_ cells: FleetState.Cells) -> FleetStateBox {
        make(Header(
            cells: cells, written: FleetState.Part.all, source: nil))
    }

    /// A copy of this box's cells to write: nothing written yet.
    func copy() -> FleetStateBox {
        let b = Self.make(head.pointee)
        b.head.pointee.written = 0
        b.head.pointee.overflow = 0
        b.head.pointee.source = self
        return b
    }

    @inline(__always) var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    /// The cells: the header's first field, at its start (`FleetStateCapacityTests` checks it;
    /// a stored offset would be a lazy global, initialized-checked on every read).
    @inline(__always) var cells: UnsafeMutablePointer<FleetState.Cells> {
        withUnsafeMutablePointerToHeader { UnsafeMutableRawPointer($0).assumingMemoryBound(to: FleetState.Cells.self) }
    }

    /// The parts of this state that may differ from `parent`'s: none when they share the box,
    /// the parts written since the copy when this box was copied from `parent`'s, else all.
    func changed(since parent: FleetStateBox) -> UInt8 {
        if self === parent { return 0 }
        return head.pointee.source === parent ? head.pointee.written : FleetState.Part.all
    }
}
