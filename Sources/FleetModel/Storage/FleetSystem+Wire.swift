import Explorer

/// Parts by id, each part's bytes once per peer (`FleetWire`): ~21 bytes a state on the wire.
extension FleetSystem: StoredWireModel {
    public func storedWire(ranks: Int) -> AnyObject { FleetWire(codec: codec, ranks: ranks) }
}
