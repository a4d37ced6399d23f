/// Storage: a level keeps 32 bytes a state; FleetCodecTests and FleetFieldStorageTests pin loaded(stored(s)) == s.
///
/// Packs a `FleetState` into a `PackedFleetState` and back (`loaded(stored(s)) == s`): each
/// part of the state is interned once, so packing a successor re-interns only the parts its
/// step changed (the others keep their parent's ids, found by a cheap equality test).
final class FleetCodec: Sendable {
    struct World: Equatable, Sendable {
        let sessions: FleetState.Sessions
        let hostsDown: UInt8
    }

    struct InFlight: Equatable, Sendable {
        let posts: FleetState.Posts
        let pushes: FleetState.Pushes
    }

    let world = InternTable<World>()
    let servers = InternTable<FleetState.Servers>()
    let registries = InternTable<FleetState.Registries>()
    let inFlight = InternTable<InFlight>()
    let devices = InternTable<DeviceCell>()
    /// One id per phone, in words 4...7 (`FleetState.deviceCapacity` phones at most).
    static let devicesInline = 4
    /// The number of phones (fixed by the configuration).
    let deviceCount: Int

    init(devices: Int) { deviceCount = devices }

    /// Distinct parts held by the tables (for benchmarks).
    var parts: Int { world.count + servers.count + registries.count + inFlight.count + devices.count }

    func pack(_ s: FleetState) -> PackedFleetState {
        let head = FleetSystem.hashedParts(s)
        let c = s.cells
        var w = SIMD8<UInt32>(repeating: 0)
        w[0] = worldID(c, head.pointee.derived.hashes[0])
        w[1] = withUnsafePointer(to: &c.pointee.servers) { servers.id($0, hash: head.pointee.derived.hashes[1]) }
        w[2] = withUnsafePointer(to: &c.pointee.registries) { registries.id($0, hash: head.pointee.derived.hashes[2]) }
        w[3] = inFlightID(c, head.pointee.derived.hashes[4])
        withUnsafePointer(to: &c.pointee.devices) { list in
            for d in 0..<list.pointee.count {
                w[4 + d] = devices.id(FixedList.element(list, d), hash: head.pointee.derived.deviceHashes[d])
            }
        }
        return PackedFleetState(words: w)
    }

    /// `pack(s)`, reusing the ids of `parent` (packed as `packedParent`) for unchanged parts.
    /// A written part is compared with its parent's only when their cached hashes agree (a
    /// part that changed mostly hashes apart), and is looked up by that hash; parts are
    /// compared in place (`equalInPlace`), never copied.
    func pack(_ s: FleetState, after parent: FleetState, packed packedParent: PackedFleetState) -> PackedFleetState {
        // A part the step never wrote is its parent's: not even compared.
        let changed = s.box.changed(since: parent.box)
        if changed == 0 { return packedParent }
        var w = packedParent.words
        let head = FleetSystem.hashedParts(s), parentHead = FleetSystem.hashedParts(parent)
        let c = s.cells, pc = parent.cells
        let h = head.pointee.derived.hashes, ph = parentHead.pointee.derived.hashes
        if changed & FleetState.Part.world != 0,
            h[0] != ph[0] || !equalInPlace(&c.pointee.sessions, &pc.pointee.sessions)
                || c.pointee.hostsDown != pc.pointee.hostsDown
        {
            w[0] = worldID(c, h[0])
        }
        if changed & FleetState.Part.servers != 0 {
            withUnsafePointer(to: &c.pointee.servers) { list in
                if h[1] != ph[1] || !equalInPlace(list, &pc.pointee.servers) { w[1] = servers.id(list, hash: h[1]) }
            }
        }
        if changed & FleetState.Part.registries != 0 {
            withUnsafePointer(to: &c.pointee.registries) { list in
                if h[2] != ph[2] || !equalInPlace(list, &pc.pointee.registries) {
                    w[2] = registries.id(list, hash: h[2])
                }
            }
        }
        if changed & FleetState.Part.inFlight != 0,
            h[4] != ph[4] || !equalInPlace(&c.pointee.posts, &pc.pointee.posts)
                || !equalInPlace(&c.pointee.pushes, &pc.pointee.pushes)
        {
            w[3] = inFlightID(c, h[4])
        }
        if changed & FleetState.Part.devices != 0 {
            let dh = head.pointee.derived.deviceHashes, pdh = parentHead.pointee.derived.deviceHashes
            withUnsafePointer(to: &c.pointee.devices) { list in
                withUnsafePointer(to: &pc.pointee.devices) { parentList in
                    for d in 0..<list.pointee.count {
                        let device = FixedList.element(list, d)
                        if d < parentList.pointee.count, dh[d] == pdh[d],
                            equalInPlace(device, FixedList.element(parentList, d))
                        {
                            continue
                        }
                        w[4 + d] = devices.id(device, hash: dh[d])
                    }
                }
            }
        }
        return PackedFleetState(words: w)
    }

    // World and in-flight parts are compared in place: no pair is built, no list copied, to look one up.
    private func worldID(_ c: UnsafeMutablePointer<FleetState.Cells>, _ hash: UInt64) -> UInt32 {
        world.id(
            hash: hash,
            equals: {
                $0.pointee.hostsDown == c.pointee.hostsDown
                    && equalInPlace($0.pointer(to: \.sessions)!, UnsafePointer(c.pointer(to: \.sessions)!))
            },
            make: { World(sessions: c.pointee.sessions, hostsDown: c.pointee.hostsDown) })
    }

    private func inFlightID(_ c: UnsafeMutablePointer<FleetState.Cells>, _ hash: UInt64) -> UInt32 {
        inFlight.id(
            hash: hash,
            equals: {
                equalInPlace($0.pointer(to: \.posts)!, UnsafePointer(c.pointer(to: \.posts)!))
                    && equalInPlace($0.pointer(to: \.pushes)!, UnsafePointer(c.pointer(to: \.pushes)!))
            },
            make: { InFlight(posts: c.pointee.posts, pushes: c.pointee.pushes) })
    }

    /// The state, with its parts' fingerprint hashes (the tables' keys) cached in its box: the
    /// box is allocated first and each part copied from its table entry into its cells, once.
    func unpack(_ p: PackedFleetState) -> FleetState { unpack(p, into: nil) }

    /// `unpack`, into `reused` (a box nothing else holds) when there is one, else a new box.
    func unpack(_ p: PackedFleetState, into reused: FleetStateBox?) -> FleetState {
        let w = p.words
        let worldEntry = world.entry(w[0]), serversEntry = servers.entry(w[1])
        let registriesEntry = registries.entry(w[2]), inFlightEntry = inFlight.entry(w[3])
        var deviceHashes = InlineArray<3, UInt64>(repeating: 0)
        var devicesHash: UInt64 = 0
        for d in 0..<deviceCount {
            let hash = devices.entry(w[4 + d]).pointee.hash
            deviceHashes[d] = hash
            devicesHash &+= FleetSystem.deviceWeight(d) &* hash
        }
        let header = FleetStateBox.Header(
            written: FleetState.Part.all, source: nil,
            derived: FleetStateBox.Derived(
                hashes: [
                    worldEntry.pointee.hash, serversEntry.pointee.hash, registriesEntry.pointee.hash, devicesHash,
                    inFlightEntry.pointee.hash,
                ],
                hashed: FleetState.Part.all, deviceHashes: deviceHashes))
        let box: FleetStateBox
        if let reused {
            // Every header field is set again and every cell byte copied over below.
            reused.head.pointee = header
            box = reused
        } else {
            box = FleetStateBox.make(header)
        }
        let c = box.cells
        let world = InternTable.value(worldEntry), inFlight = InternTable.value(inFlightEntry)
        Self.place(world.pointer(to: \.sessions)!, at: c.pointer(to: \.sessions)!)
        c.pointer(to: \.hostsDown)!.initialize(to: world.pointee.hostsDown)
        Self.place(InternTable.value(serversEntry), at: c.pointer(to: \.servers)!)
        Self.place(InternTable.value(registriesEntry), at: c.pointer(to: \.registries)!)
        Self.place(inFlight.pointer(to: \.pushes)!, at: c.pointer(to: \.pushes)!)
        Self.place(inFlight.pointer(to: \.posts)!, at: c.pointer(to: \.posts)!)
        let list = c.pointer(to: \.devices)!
        list.pointer(to: \.length)!.initialize(to: UInt8(deviceCount))
        for d in 0..<FleetState.Devices.capacityValue {
            if d < deviceCount {
                Self.place(InternTable.value(devices.entry(w[4 + d])), at: FixedList.slot(list, d))
            } else {
                FixedList.slot(list, d).initialize(to: .blank)
            }
        }
        return FleetState(box: box)
    }

    /// Copies the plain bytes at `source` to uninitialized `target`: one move, no temporary.
    @inline(__always) private static func place<T>(_ source: UnsafePointer<T>, at target: UnsafeMutablePointer<T>) {
        UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: MemoryLayout<T>.size)
    }
}
