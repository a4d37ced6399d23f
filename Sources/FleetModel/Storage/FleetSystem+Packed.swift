import Explorer

/// Storage: a level keeps 32 bytes a state and a step builds its successor in the spare box;
/// FleetCodecTests pins loaded(stored(s)) == s and that a recycled successor is the fresh one.
extension FleetSystem: PackedModel {
    /// Named: the conformance is an extension, after `Model`'s default storage was chosen.
    public typealias Storage = PackedStorage<FleetSystem>

    /// 4: each part hashed on its own from whole words of its cells' canonical bytes
    /// (`PartHasher`) and the hashes summed, so a successor rehashes only the parts its step
    /// wrote (3: the parts' fields packed byte by byte; 2: the whole state through one `WordPacker`).
    public var fingerprintScheme: String { "4" }

    public func stored(_ state: FleetState) -> PackedFleetState { codec.pack(state) }

    public func stored(_ state: FleetState, after parent: FleetState, _ packed: PackedFleetState) -> PackedFleetState {
        codec.pack(state, after: parent, packed: packed)
    }

    /// The state with its parts' hashes cached: the search expands it, and its successors
    /// rehash only what their step wrote (`fingerprint`).
    public func loaded(_ stored: PackedFleetState) -> FleetState { codec.unpack(stored) }

    /// `loaded`, in the box of the state the spare successor was built from when nothing else
    /// holds it: the search then allocates no box per state (`FleetState.reclaimSource`).
    public func loaded(_ stored: PackedFleetState, reusing spare: inout FleetState?) -> FleetState {
        codec.unpack(stored, into: spare?.reclaimSource())
    }

    /// `next`, its successor built in the spare's box when nothing else holds it
    /// (`FleetState.successor`): no allocation and release per step.
    public func next(_ state: FleetState, _ action: Action, reusing spare: inout FleetState?) -> FleetState? {
        var refused: FleetBound?
        return step(state, action, refused: &refused, spare: &spare)
    }

    /// Its box is the next step's when nothing else holds it (`FleetState.successor`).
    public func recycle(_ state: FleetState, into spare: inout FleetState?) { spare = state }
}
