/// Storage: a session's byte of the order key symmetry's representative is picked by; FleetFieldStorageTests pins it.
extension SessionCell {
    /// A session's fingerprint byte: activity, duplicated, since order.
    func pack(into p: inout WordPacker) {
        p.add(FleetSystem.activityCode(activity) | (duplicated ? 8 : 0) | since << 4)
    }
}
