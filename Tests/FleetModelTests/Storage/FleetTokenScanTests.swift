import Testing
@testable import FleetModel

/// A successor's numbering is checked from its parent's scan (`numberedInOrder(_:after:)`):
/// these compare it with the plain definition over reachable states and edited copies of them.
@Suite("Fleet token scan")
struct FleetTokenScanTests {
    /// Worlds that mint, rotate and drop tokens, so numberings change often.
    static let models: [FleetSystem] = {
        var world = Fixture.noFaults
        world.tokenRotation = true
        world.pushToStartRotation = true
        world.devBuildLaunch = true
        world.postLost = true
        world.pushDropped = true
        world.sendFails = true
        return [
            FleetSystem(config: Fixture.config(devices: 2, world: world, budget: 1, stale: true)),
            FleetSystem(config: Fixture.config(hosts: 2, devices: 2, world: world, budget: 1, scratch: true)),
        ]
    }()

    /// The definition: each token, in `forEachToken` order, is 0, one seen before, or the next.
    static func inOrder(_ s: FleetState) -> Bool {
        var firstSeen: [UInt8] = []
        FleetSystem.forEachToken(s) { t in
            if t != 0 && !firstSeen.contains(t) { firstSeen.append(t) }
        }
        return firstSeen.enumerated().allSatisfy { Int($0.element) == $0.offset + 1 }
    }

    @Test("every successor, of a parent loaded as the search loads it or of one just stepped to, is canonical")
    func successorsCanonical() {
        var checked = 0
        for model in Self.models {
            for state in reachable(model, depth: 4) {
                // A stepped-to parent carries its own scan's marks; a loaded one is scanned afresh.
                for parent in [state, model.loaded(model.stored(state))] {
                    for action in model.actions(in: parent) {
                        guard let next = model.next(parent, action) else { continue }
                        #expect(Self.inOrder(next), "\(action)")
                        #expect(model.canonical(FleetState(cells: next.cells.pointee)) == next, "\(action)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1000, "\(checked)")
    }

    @Test("a step said to keep the tokens keeps them and the in-flight lists; one said to shrink them only takes out")
    func stepsThatKeepTokens() {
        var kept = 0, shrunk = 0
        for (model, parent) in Self.unpackedParents(depth: 4) {
            var before: [UInt8] = []
            FleetSystem.forEachToken(parent) { before.append($0) }
            for action in model.actions(in: parent) {
                var s = parent, refused: FleetBound?
                guard model.move(&s, action, refused: &refused) else { continue }
                if model.keepsTokens(action, s, from: parent) {
                    var after: [UInt8] = []
                    FleetSystem.forEachToken(s) { after.append($0) }
                    #expect(after == before, "\(action)")
                    #expect(s.posts == parent.posts && s.pushes == parent.pushes, "\(action)")
                    kept += 1
                }
                if model.shrinksInFlight(action) {
                    #expect(Self.within(s.posts, parent.posts) && Self.within(s.pushes, parent.pushes), "\(action)")
                    shrunk += 1
                }
            }
        }
        #expect(kept > 1000 && shrunk > 100, "\(kept) \(shrunk)")
    }

    /// Each model's reachable states to `depth`, unpacked from storage as the search expands them.
    static func unpackedParents(depth: Int) -> [(FleetSystem, FleetState)] {
        models.flatMap { model in reachableLoaded(model, depth: depth).map { (model, $0.state) } }
    }

    /// Whether `part` is `whole` with some entries taken out (the rest in their order).
    static func within<C: Collection>(_ part: C, _ whole: C) -> Bool where C.Element: Equatable {
        var rest = whole[...]
        for e in part {
            guard let k = rest.firstIndex(of: e) else { return false }
            rest = rest[rest.index(after: k)...]
        }
        return true
    }

    @Test("a copy with one token set to any number is judged from its parent's scan as by the definition")
    func editedCopies() {
        var outOfOrder = 0, inOrder = 0
        for (model, parent) in Self.unpackedParents(depth: 3) {
            let slots = Self.slots(parent)
            for slot in 0..<slots {
                for value in 0...UInt8(FleetSystem.maxToken(parent) + 2) {
                    var copy = parent
                    Self.setToken(&copy, slot: slot, to: value)
                    let expected = Self.inOrder(copy)
                    #expect(FleetSystem.numberedInOrder(copy, after: parent) == expected, "slot \(slot) = \(value)")
                    #expect(FleetSystem.numberedInOrder(FleetState(cells: copy.cells.pointee)) == expected)
                    if expected { inOrder += 1 } else { outOfOrder += 1 }
                }
            }
            // Removing an in-flight token shifts what follows it.
            if !parent.posts.isEmpty {
                var copy = parent
                copy.posts.remove(at: 0)
                #expect(FleetSystem.numberedInOrder(copy, after: parent) == Self.inOrder(copy))
            }
        }
        #expect(inOrder > 100 && outOfOrder > 100, "\(inOrder) \(outOfOrder)")
    }

    static func slots(_ s: FleetState) -> Int {
        var n = 0
        FleetSystem.forEachToken(s) { _ in n += 1 }
        return n
    }

    /// Sets the `slot`th token of `s` in `forEachToken` order.
    static func setToken(_ s: inout FleetState, slot: Int, to value: UInt8) {
        var k = 0
        func here() -> Bool {
            defer { k += 1 }
            return k == slot
        }
        for d in s.devices.indices {
            if here() { s.devices[d].pushToStartToken = value }
            for c in s.devices[d].cards.indices where here() { s.devices[d].cards[c].token = value }
        }
        for r in s.registries.indices {
            for i in s.registries[r].pushToStart.indices where here() { s.registries[r].pushToStart[i].token = value }
            for i in s.registries[r].update.indices where here() { s.registries[r].update[i].token = value }
        }
        for i in s.servers.indices {
            guard let targets = s.servers[i].tick?.targets else { continue }
            for t in targets.indices where !targets[t].channel && here() { s.servers[i].tick?.targets[t].token = value }
        }
        for p in s.posts.indices where here() { s.posts[p].token = value }
        for p in s.pushes.indices where here() { s.pushes[p].token = value }
    }
}
