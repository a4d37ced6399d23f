/// Storage: a write marks the part it changed; FleetCodecTests pins that a successor packs as a fresh copy.
///
/// The state's fields (`FleetState.Cells`, where each is documented) read and written through
/// its box: a write copies a shared box first and marks the part it writes (`unshare`), so a
/// successor's packing, hashing and canonical form redo only what its step wrote.
extension FleetState {
    /// The cells, read in place.
    @inline(__always) var cells: UnsafeMutablePointer<Cells> { box.cells }

    /// Before a write to `part`: a shared box is copied first, and the part is marked written
    /// (what was derived of it dropped: its fingerprint hash, the token scan, the in-flight order).
    @inline(__always) mutating func unshare(_ part: UInt8) {
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
        box.head.pointee.written |= part
        box.head.pointee.derived.hashed &= ~part
        box.head.pointee.derived.tokenMarks.scan = .unknown
        if part & Part.inFlight != 0 { box.head.pointee.derived.inFlightOrder = .unknown }
    }

    /// The parts of a packed state (`FleetCodec`): each is one bit.
    enum Part {
        static let world: UInt8 = 1
        static let servers: UInt8 = 2
        static let registries: UInt8 = 4
        static let devices: UInt8 = 8
        static let inFlight: UInt8 = 16
        static let all: UInt8 = 31
    }

    /// The parts (`Part`) of this state that may differ from `parent`'s: none when it is the
    /// parent's box, those its step wrote when it was copied from the parent's, else all.
    @inline(__always) func changed(since parent: FleetState) -> UInt8 { box.changed(since: parent.box) }

    /// `Cells.sessions`.
    public var sessions: Sessions {
        _read { yield cells.pointee.sessions }
        _modify {
            unshare(Part.world)
            yield &cells.pointee.sessions
        }
    }
    /// `Cells.hostsDown`.
    public var hostsDown: UInt8 {
        _read { yield cells.pointee.hostsDown }
        _modify {
            unshare(Part.world)
            yield &cells.pointee.hostsDown
        }
    }
    /// `Cells.servers`.
    public var servers: Servers {
        _read { yield cells.pointee.servers }
        _modify {
            unshare(Part.servers)
            yield &cells.pointee.servers
        }
    }
    /// `Cells.registries`.
    public var registries: Registries {
        _read { yield cells.pointee.registries }
        _modify {
            unshare(Part.registries)
            yield &cells.pointee.registries
        }
    }
    /// `Cells.devices`.
    public var devices: Devices {
        _read { yield cells.pointee.devices }
        _modify {
            unshare(Part.devices)
            yield &cells.pointee.devices
        }
    }
    /// `Cells.pushes`.
    public var pushes: Pushes {
        _read { yield cells.pointee.pushes }
        _modify {
            unshare(Part.inFlight)
            yield &cells.pointee.pushes
        }
    }
    /// `Cells.posts`.
    public var posts: Posts {
        _read { yield cells.pointee.posts }
        _modify {
            unshare(Part.inFlight)
            yield &cells.pointee.posts
        }
    }

    /// The cells read in place (`InPlace`): `s.inPlace.posts.count` copies no list out. Valid
    /// while this state is held and not written.
    @inline(__always) var inPlace: InPlace<Cells> { InPlace(UnsafePointer(cells)) }

    /// Phone `d`'s cell, read in place (the subscript copied the whole cell out). Valid while
    /// this state is held and not written.
    @inline(__always) func device(_ d: Int) -> InPlace<DeviceCell> { inPlace.devices[d] }

    /// Server `i`'s cell, read in place, as `device(_:)`.
    @inline(__always) func server(_ i: Int) -> InPlace<ServerCell> { inPlace.servers[i] }
}
