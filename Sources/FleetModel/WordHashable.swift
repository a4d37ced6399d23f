import FleetCard

/// An interned part that hashes through its fingerprint bytes in one `WordPacker`
/// pass: no SipHash round per key (`Hashed`); `==` stays field by field, so a weak hash costs
/// only speed, never a wrong result.
protocol WordHashable: Hashable, Sendable {
    func pack(into p: inout WordPacker)
}

extension WordPacker {
    @inline(__always) mutating func add(word: UInt64) {
        for k in 0..<8 { add(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) }
    }
}

extension Array: WordHashable where Element: WordHashable {
    func pack(into p: inout WordPacker) {
        p.add(UInt8(truncatingIfNeeded: count))
        for e in self { e.pack(into: &p) }
    }
}

extension FixedList: WordHashable where Element: WordHashable {
    func pack(into p: inout WordPacker) {
        p.add(UInt8(truncatingIfNeeded: count))
        for e in self { e.pack(into: &p) }
    }
}

extension SessionCell: WordHashable {
    func pack(into p: inout WordPacker) {
        p.add(FleetSystem.activityCode(activity) | (duplicated ? 8 : 0) | since << 4)
    }
}

extension ServerCell: WordHashable {
    func pack(into p: inout WordPacker) { FleetSystem.pack(self, &p) }
}

extension RegistryCell: WordHashable {
    func pack(into p: inout WordPacker) { FleetSystem.pack(self, &p) }
}

extension DeviceCell: WordHashable {
    func pack(into p: inout WordPacker) { FleetSystem.pack(self, &p) }
}

extension FleetCodec.World: WordHashable {
    func pack(into p: inout WordPacker) {
        sessions.pack(into: &p)
        p.add(hostsDown)
    }
}

extension FleetCodec.InFlight: WordHashable {
    func pack(into p: inout WordPacker) { FleetSystem.pack(posts: posts, pushes: pushes, &p) }
}
