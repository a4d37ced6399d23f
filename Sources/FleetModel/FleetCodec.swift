/// Packs a `FleetState` into a `PackedFleetState` and back (`loaded(stored(s)) == s`): each
/// part of the state is interned once, so packing a successor re-interns only the parts its
/// step changed (the others keep their parent's ids, found by a cheap equality test).
final class FleetCodec: Sendable {
    struct World: Hashable, Sendable {
        let sessions: FleetState.Sessions
        let hostsDown: UInt8
    }

    struct InFlight: Hashable, Sendable {
        let posts: FleetState.Posts
        let pushes: FleetState.Pushes

        /// Through the fingerprint bytes: one word into the Hasher.
        func hash(into h: inout Hasher) {
            var p = WordPacker()
            FleetSystem.pack(posts: posts, pushes: pushes, &p)
            h.combine(p.finish())
        }
    }

    private let world = InternTable<World> { FleetSystem.worldHash($0.sessions, $0.hostsDown) }
    private let servers = InternTable<FleetState.Servers> { FleetSystem.serversHash($0) }
    private let registries = InternTable<FleetState.Registries> { FleetSystem.registriesHash($0) }
    private let inFlight = InternTable<InFlight> { FleetSystem.inFlightHash($0.posts, $0.pushes) }
    private let devices = InternTable<DeviceCell> { FleetSystem.deviceHash($0) }
    private let deviceLists = InternTable<FleetState.Devices> { FleetSystem.devicesHash($0) }
    /// One id per phone, in words 4...7, up to this many phones; more go in one list.
    static let devicesInline = 4
    /// The number of phones (fixed by the configuration).
    let deviceCount: Int

    init(devices: Int) { deviceCount = devices }

    /// Distinct parts held by the tables (for benchmarks).
    var parts: Int {
        world.count + servers.count + registries.count + inFlight.count + devices.count + deviceLists.count
    }

    func pack(_ s: FleetState) -> PackedFleetState {
        var w = SIMD8<UInt32>(repeating: 0)
        w[0] = world.id(World(sessions: s.sessions, hostsDown: s.hostsDown))
        w[1] = servers.id(s.servers)
        w[2] = registries.id(s.registries)
        w[3] = inFlight.id(InFlight(posts: s.posts, pushes: s.pushes))
        packDevices(s, into: &w)
        return PackedFleetState(words: w)
    }

    /// `pack(s)`, reusing the ids of `parent` (packed as `packedParent`) for unchanged parts.
    func pack(_ s: FleetState, after parent: FleetState, packed packedParent: PackedFleetState) -> PackedFleetState {
        var w = packedParent.words
        // A part the step never wrote is its parent's: not even compared.
        let changed = s.box.changed(since: parent.box)
        if changed & FleetState.Part.world != 0, s.sessions != parent.sessions || s.hostsDown != parent.hostsDown {
            w[0] = world.id(World(sessions: s.sessions, hostsDown: s.hostsDown))
        }
        if changed & FleetState.Part.servers != 0, s.servers != parent.servers { w[1] = servers.id(s.servers) }
        if changed & FleetState.Part.registries != 0, s.registries != parent.registries {
            w[2] = registries.id(s.registries)
        }
        if changed & FleetState.Part.inFlight != 0, s.posts != parent.posts || s.pushes != parent.pushes {
            w[3] = inFlight.id(InFlight(posts: s.posts, pushes: s.pushes))
        }
        if changed & FleetState.Part.devices != 0 { packDevices(s, into: &w, parent: parent.devices) }
        return PackedFleetState(words: w)
    }

    /// The state, with its parts' fingerprint hashes (the tables') cached in its box.
    func unpack(_ p: PackedFleetState) -> FleetState {
        let w = p.words
        let inFlight = inFlight.entry(w[3]), world = world.entry(w[0])
        let servers = servers.entry(w[1]), registries = registries.entry(w[2])
        var devices = FleetState.Devices()
        var devicesHash: UInt64 = 0
        if deviceCount > Self.devicesInline {
            (devices, devicesHash) = deviceLists.entry(w[4])
        } else {
            for d in 0..<deviceCount {
                let device = self.devices.entry(w[4 + d])
                devices.append(device.value)
                devicesHash &+= FleetSystem.deviceWeight(d) &* device.hash
            }
        }
        let s = FleetState(
            sessions: world.value.sessions, hostsDown: world.value.hostsDown,
            servers: servers.value, registries: registries.value, devices: devices,
            pushes: inFlight.value.pushes, posts: inFlight.value.posts)
        let head = s.box.head
        head.pointee.hashes = [world.hash, servers.hash, registries.hash, devicesHash, inFlight.hash]
        head.pointee.hashed = FleetState.Part.all
        return s
    }

    private func packDevices(_ s: FleetState, into w: inout SIMD8<UInt32>) {
        if s.devices.count > Self.devicesInline {
            w[4] = deviceLists.id(s.devices)
            return
        }
        for d in s.devices.indices { w[4 + d] = devices.id(s.devices[d]) }
    }

    /// Only the phones that differ from `parent`'s are looked up (an inline list is compared in
    /// place, never copied into an optional).
    private func packDevices(_ s: FleetState, into w: inout SIMD8<UInt32>, parent: FleetState.Devices) {
        if s.devices.count > Self.devicesInline {
            if parent != s.devices { w[4] = deviceLists.id(s.devices) }
            return
        }
        for d in s.devices.indices {
            if d < parent.count, parent[d] == s.devices[d] { continue }
            w[4 + d] = devices.id(s.devices[d])
        }
    }
}
