import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// The states of `model` reachable within `depth` steps, breadth-first (small configurations).
func reachable(_ model: FleetSystem, depth: Int) -> [FleetState] {
    var seen = Set(model.initialStates())
    var all = model.initialStates()
    var frontier = all
    for _ in 0..<depth {
        var next: [FleetState] = []
        for state in frontier {
            for action in model.actions(in: state) {
                guard let s = model.next(state, action), seen.insert(s).inserted else { continue }
                next.append(s)
            }
        }
        all += next
        frontier = next
    }
    return all
}

/// `reachable(model, depth:)`, each state packed and loaded back as the search expands it (with
/// its packed form, for packing its successors against it).
func reachableLoaded(_ model: FleetSystem, depth: Int) -> [(packed: PackedFleetState, state: FleetState)] {
    reachable(model, depth: depth).map { state in
        let packed = model.stored(state)
        return (packed, model.loaded(packed))
    }
}

@Suite("FleetCodec")
struct FleetCodecTests {
    @Test("the search keeps fleet states packed: the model adopts PackedModel, and its scheme is named")
    func adoptsPackedModel() {
        #expect(FleetSystem.Storage.self == PackedStorage<FleetSystem>.self)
        #expect(FleetSystem.Storage.fingerprintScheme(of: FleetSystem(config: Fixture.config(devices: 2, budget: 1))) == "4")
        #expect(!FleetSystem.Storage.storedBytesArePortable)
    }

    @Test("every reachable state of a small configuration packs and unpacks to itself")
    func roundTrip() {
        let model = Fixture.restartsAndDrops
        let states = reachable(model, depth: 9)
        #expect(states.count > 300)
        for state in states {
            let packed = model.stored(state)
            #expect(model.loaded(packed) == state)
            for action in model.actions(in: state) {
                guard let next = model.next(state, action) else { continue }
                // Packed against its parent, a successor unpacks to itself too.
                #expect(model.loaded(model.stored(next, after: state, packed)) == next)
            }
        }
    }

    @Test("a successor packed against its parent packs as a fresh copy of it does")
    func packedAgainstParent() {
        let model = Fixture.restartsAndDrops
        var skipped = 0
        for (packed, parent) in reachableLoaded(model, depth: 9) {
            for action in model.actions(in: parent) {
                guard let next = model.next(parent, action) else { continue }
                let fresh = FleetState(cells: next.cells.pointee)
                #expect(model.fingerprint(of: next) == model.fingerprint(of: fresh), "\(action)")
                // The parts the step never wrote are not even compared with the parent's.
                #expect(model.stored(next, after: parent, packed) == model.stored(fresh), "\(action)")
                if next.box.changed(since: parent.box) != FleetState.Part.all { skipped += 1 }
            }
        }
        // The shortcut is taken (else this test would check nothing).
        #expect(skipped > 100)
    }

    @Test("a successor built in the box of the one before is the one a fresh copy gives")
    func recycledSuccessor() {
        let model = Fixture.restartsAndDrops
        var reused = 0
        for (packed, parent) in reachableLoaded(model, depth: 6) {
            var spare: FleetState?
            for action in model.actions(in: parent) {
                let fresh = model.next(parent, action)
                let spareBox = spare.map { ObjectIdentifier($0.box) }
                let next = model.next(parent, action, reusing: &spare)
                #expect((next == nil) == (fresh == nil), "\(action)")
                guard let next, let fresh else { continue }
                if spareBox == ObjectIdentifier(next.box) { reused += 1 }
                #expect(next == fresh && next.overflow == 0, "\(action)")
                #expect(model.fingerprint(of: next) == model.fingerprint(of: fresh), "\(action)")
                #expect(next.box.changed(since: parent.box) == fresh.box.changed(since: parent.box), "\(action)")
                #expect(model.stored(next, after: parent, packed) == model.stored(fresh, after: parent, packed), "\(action)")
                model.recycle(next, into: &spare)
            }
        }
        // Boxes are reused (else this test would check nothing).
        #expect(reused > 100)
    }

    @Test("states told apart by their cached part hashes are the states their cells tell apart")
    func equalityByHashes() {
        let model = FleetSystem(config: Fixture.config(devices: 2, budget: 1))
        var apart = 0
        for (_, parent) in reachableLoaded(model, depth: 5) {
            for action in model.actions(in: parent) {
                guard let next = model.next(parent, action) else { continue }
                let cellsEqual = next.cells.pointee == parent.cells.pointee
                #expect((next == parent) == cellsEqual, "\(action)")
                _ = model.fingerprint(of: next)
                #expect((next == parent) == cellsEqual && (parent == next) == cellsEqual, "\(action)")
                if !cellsEqual { apart += 1 }
            }
        }
        #expect(apart > 100)
    }

    @Test("a successor built in the spare box equals its parent exactly when their cells do")
    func spareEquality() {
        let model = FleetSystem(config: Fixture.config(devices: 2, budget: 1))
        var unwritten = 0, apart = 0
        for (_, parent) in reachableLoaded(model, depth: 5) {
            var spare: FleetState?
            for action in model.actions(in: parent) {
                guard let next = model.next(parent, action, reusing: &spare) else { continue }
                let cellsEqual = next.cells.pointee == parent.cells.pointee
                #expect((next == parent) == cellsEqual && (parent == next) == cellsEqual, "\(action)")
                // Told equal by the box alone: copied from the parent's, nothing written since.
                if next.box !== parent.box && next.box.changed(since: parent.box) == 0 { unwritten += 1 }
                if !cellsEqual { apart += 1 }
                model.recycle(next, into: &spare)
            }
        }
        // Both answers are given (else this test would check nothing).
        #expect(unwritten > 10 && apart > 100, "unwritten \(unwritten), apart \(apart)")
    }

    @Test("a state unpacked into the box its spare successor was built from is the one a fresh unpack gives")
    func unpackedIntoReclaimedBox() {
        let model = Fixture.restartsAndDrops
        var spare: FleetState?
        var reclaimed = 0
        for (packed, _) in reachableLoaded(model, depth: 6) {
            let source = spare.flatMap { $0.box.head.pointee.source }.map(ObjectIdentifier.init)
            let state = model.loaded(packed, reusing: &spare)
            let fresh = model.loaded(packed)
            if source == ObjectIdentifier(state.box) { reclaimed += 1 }
            #expect(state == fresh && state.cells.pointee == fresh.cells.pointee)
            #expect(state.box.head.pointee.source == nil && state.box.changed(since: fresh.box) == FleetState.Part.all)
            #expect(state.overflow == 0 && model.fingerprint(of: state) == model.fingerprint(of: fresh))
            for action in model.actions(in: state) {
                let expected = model.next(fresh, action)
                let next = model.next(state, action, reusing: &spare)
                #expect((next == nil) == (expected == nil), "\(action)")
                guard let next, let expected else { continue }
                #expect(model.fingerprint(of: next) == model.fingerprint(of: expected), "\(action)")
                #expect(model.stored(next, after: state, packed) == model.stored(expected, after: fresh, packed), "\(action)")
                model.recycle(next, into: &spare)
            }
        }
        // The boxes are reused (else this test would check nothing).
        #expect(reclaimed > 100, "reclaimed \(reclaimed)")
    }

    @Test("every phone has a word of its own")
    func phonesInline() {
        #expect(FleetState.deviceCapacity <= FleetCodec.devicesInline)
    }

    @Test("states that differ pack differently; equal states pack alike")
    func distinct() {
        let model = FleetSystem(config: Fixture.config(devices: 2, budget: 1))
        let states = reachable(model, depth: 8)
        let packed = Set(states.map { model.stored($0) })
        #expect(packed.count == states.count)
    }

    @Test("the order of in-flight POSTs and pushes is the one their byte keys give")
    func canonicalOrder() {
        let model = FleetSystem(config: Fixture.config(devices: 2, budget: 1))
        let states = reachable(model, depth: 9)
        let posts = states.flatMap(\.posts), pushes = states.flatMap(\.pushes)
        #expect(posts.count > 10 && pushes.count > 10)
        for a in posts.prefix(60) {
            for b in posts.prefix(60) {
                #expect(FleetSystem.precedes(a, b) == FleetSystem.key(a).lexicographicallyPrecedes(FleetSystem.key(b)))
            }
        }
        for a in pushes.prefix(60) {
            for b in pushes.prefix(60) {
                #expect(FleetSystem.precedes(a, b) == FleetSystem.key(a).lexicographicallyPrecedes(FleetSystem.key(b)))
            }
        }
    }
}

extension FleetCodecTests {
    /// Two hosts that go down: the world part carries `hostsDown` beside the sessions, and a
    /// state with an outage must come back with it (the other tests' worlds have none).
    static let outage: FleetSystem = {
        var world = Fixture.noFaults
        world.hostOutage = true
        return FleetSystem(config: Fixture.config(
            sessions: [.init(host: 0, hidden: false), .init(host: 1, initial: .working)], hosts: 2, world: world, budget: 2))
    }()

    @Test("a state with a host down packs and unpacks to itself, fresh and against its parent")
    func hostsDownRoundTrip() {
        let model = Self.outage
        var down = 0
        for (packed, state) in reachableLoaded(model, depth: 6) {
            if state.hostsDown != 0 { down += 1 }
            #expect(model.loaded(model.stored(state)).hostsDown == state.hostsDown)
            #expect(model.loaded(model.stored(state)) == state)
            for action in model.actions(in: state) {
                guard let next = model.next(state, action) else { continue }
                let again = model.loaded(model.stored(next, after: state, packed))
                #expect(again.hostsDown == next.hostsDown && again == next, "\(action)")
            }
        }
        // Both hosts go down somewhere (else this test would check nothing).
        #expect(down > 50)
        #expect(reachable(model, depth: 6).contains { $0.hostsDown == 0b11 })
    }

    @Test("states that differ only in which host is down pack apart")
    func hostsDownPacksApart() {
        let model = Self.outage
        let states = reachable(model, depth: 6)
        #expect(Set(states.map { model.stored($0) }).count == states.count)
        #expect(Set(states.map(\.hostsDown)) == [0, 1, 2, 3])
    }
}
