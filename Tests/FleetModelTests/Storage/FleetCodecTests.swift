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
