import Foundation
import Explorer
import FleetCard
import Testing
@testable import FleetModel

@Suite("FleetSystem")
struct FleetSystemTests {
    // Replay, minimization and the report find a property by its name: two alike would judge
    // one property's counterexample against the other.
    @Test("every committed fleet configuration's properties have distinct names")
    func distinctPropertyNames() throws {
        let models = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/Models")
            .filter { $0.hasPrefix("fleet-card") && $0.hasSuffix(".json") }.sorted()
        #expect(models.count >= 13)
        for name in models {
            let names = FleetSystem(config: try FleetConfig.load(path: Repository.root + "/Models/" + name)).properties.map(\.name)
            #expect(Set(names).count == names.count, "\(name): \(names)")
        }
    }

    let model = FleetSystem(config: Fixture.config())

    @Test("the phone starts with its app not running and its push-to-start token registered")
    func initialState() {
        let s = model.initialStates()[0]
        #expect(s.devices[0].app == .notRunning)
        #expect(s.registries[0].pushToStart == [TokenEntry(token: 1, device: 0, env: 0)])
        #expect(s.servers[0].memory == .none)
    }

    @Test("a working session makes the server push-start a card, which wakes the app")
    func pushStart() throws {
        let s = try #require(Fixture.run(model, [.setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0)]))
        #expect(s.servers[0].memory == .card(CardContent(working: 1, needsInput: 0, rows: [0], more: 0)))
        #expect(s.devices[0].cards.count == 1)
        #expect(s.devices[0].cards[0].origin == .server)
        #expect(s.devices[0].wakePending)
    }

    @Test("a tick with nothing to do changes nothing, so the state is quiescent")
    func idleTick() throws {
        let s = model.initialStates()[0]
        #expect(model.next(s, .tick(0)) == s)
    }

    @Test("an idle phone that is never woken keeps a frozen card the server cannot address")
    func idlePhone() throws {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .declineWake(0),
            .setSession(0, .needsInput), .tick(0),
        ]
        let s = try #require(Fixture.run(model, steps))
        #expect(s.servers[0].tick == nil)  // no update token: no-tokens, nothing sent
        #expect(model.zombieCause(s, 0) == "idle-phone")
    }

    @Test("a background launch registers the card's token; the server already tracks the card it started, so it keeps its memory")
    func backgroundLaunchAdopts() throws {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0),
            .backgroundLaunch(0), .activityUpdates(0),
        ]
        let s = try #require(Fixture.run(model, steps))
        let update = try #require(s.posts.firstIndex { $0.endpoint == .updateToken })
        let after = try #require(model.next(s, .arrivePost(update)))
        #expect(after.servers[0].memory == s.servers[0].memory, "re-registration keeps the tracked card")
        #expect(after.registries[0].update.count == 1)
        #expect(after.devices[0].cards[0].registered)
    }

    @Test("a background launch syncs on an empty store: with the trust guard the card survives")
    func coldStoreUntouched() throws {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0), .sync(0),
        ]
        let on = try #require(Fixture.run(model, steps))
        #expect(on.devices[0].cards.count == 1)
        let off = FleetSystem(config: Fixture.config(guards: .allBut("endGateTrustworthiness")!))
        let ended = try #require(Fixture.run(off, steps))
        #expect(ended.devices[0].cards.isEmpty)
        #expect(ended.posts.contains { $0.endpoint == .ended })
    }

    @Test("opening the app creates a push-capable card (Path A) and registers its token")
    func pathA() throws {
        let s = try #require(Fixture.run(model, [.openApp(0), .refresh(0), .setSession(0, .working), .sync(0), .activityUpdates(0)]))
        #expect(s.devices[0].cards.count == 1)
        #expect(s.devices[0].cards[0].pushCapable)
        #expect(s.posts.contains { $0.endpoint == .updateToken })
        let off = FleetSystem(config: Fixture.config(guards: .allBut("pushTypeToken")!))
        let frozen = try #require(Fixture.run(off, [.openApp(0), .refresh(0), .setSession(0, .working), .sync(0)]))
        #expect(!frozen.devices[0].cards[0].pushCapable)
        #expect(off.next(frozen, .activityUpdates(0)) == nil)
    }

    @Test("world actions are budgeted, system actions are not")
    func kinds() {
        #expect(model.kind(of: .setSession(0, .working)) == .world)
        #expect(model.kind(of: .losePost(0)) == .world)
        #expect(model.kind(of: .tick(0)) == .system)
        #expect(model.kind(of: .sync(0)) == .system)
    }
}

@Suite("FleetSystem fingerprint")
struct FleetFingerprintTests {
    let model = FleetSystem(config: Fixture.config(devices: 2))

    @Test("equal states give equal fingerprints; a changed state a different one")
    func fingerprints() throws {
        let a = model.initialStates()[0]
        let b = try #require(model.next(a, .setSession(0, .working)))
        #expect(model.fingerprint(of: a) == model.fingerprint(of: a))
        #expect(model.fingerprint(of: a) != model.fingerprint(of: b))
    }

    @Test("a fingerprint from cached part hashes (an unpacked state, its successors' copies) is one packed afresh")
    func cachedPartHashes() {
        var world = Fixture.noFaults
        world.postLost = true
        world.tokenRotation = true
        world.sendFails = true
        let model = FleetSystem(config: Fixture.config(hosts: 2, devices: 2, world: world, budget: 1))
        let states = reachable(model, depth: 5)
        #expect(states.count > 100)
        var cached = 0
        for state in states {
            let parent = model.loaded(model.stored(state))
            #expect(model.fingerprint(of: parent) == model.fingerprint(of: FleetState(cells: state.cells.pointee)))
            // Two steps without a reload: the second copies a box whose hashes are partly cached.
            for a in model.actions(in: parent) {
                guard let next = model.next(parent, a) else { continue }
                if next.box.head.pointee.derived.hashed != 0 { cached += 1 }
                // Hashed (and cached) here, so `after` reuses the hashes of what it shares with `next`.
                #expect(model.fingerprint(of: next) == model.fingerprint(of: FleetState(cells: next.cells.pointee)))
                for b in model.actions(in: next) {
                    guard let after = model.next(next, b) else { continue }
                    #expect(model.fingerprint(of: after) == model.fingerprint(of: FleetState(cells: after.cells.pointee)), "\(a), \(b)")
                }
            }
        }
        #expect(cached > 0, "successors reuse their parent's hashes")
    }

    @Test("tokens are renumbered in order of appearance, so how they were minted does not matter")
    func renumbering() {
        var s = model.initialStates()[0]
        s.devices[0].pushToStartToken = 9
        let mine = s.registries[0].pushToStart.indices.first { s.registries[0].pushToStart[$0].device == 0 } ?? -1
        s.registries[0].pushToStart[mine].token = 9
        #expect(model.canonical(s) == model.initialStates()[0])
    }

    @Test("the quick in-order check says what renumbering would: repeats, zeros, gaps, tokens past 64")
    func numberedInOrder() {
        // Cases in tokens held, in `forEachToken` order (0 is "no token").
        let cases: [([Int], Bool)] = [
            ([], true), ([1], true), ([2], false), ([1, 1, 2], true), ([1, 0, 2], true), ([2, 1], false),
            ([1, 2, 1], true), (Array(1...65), true), (Array(1...64) + [66], false),
            (Array(1...63) + [1, 60], true),
        ]
        for (numbers, inOrder) in cases {
            let tokens = numbers.map { UInt8($0) }
            let s = Self.holding(tokens)
            // Independent of the check: numbering in order of first appearance maps each to itself.
            var firstSeen: [UInt8] = []
            var all: [UInt8] = []
            FleetSystem.forEachToken(s) { t in
                if t != 0 { all.append(t) }
                if t != 0 && !firstSeen.contains(t) { firstSeen.append(t) }
            }
            #expect(all == tokens.filter { $0 != 0 }, "every token is held")
            #expect(firstSeen.enumerated().allSatisfy { Int($0.element) == $0.offset + 1 } == inOrder, "\(tokens)")
            #expect(FleetSystem.numberedInOrder(s) == inOrder, "\(tokens)")
            var renumbered = s
            model.renumber(&renumbered)
            #expect((renumbered == s) == inOrder, "\(tokens)")
        }
    }

    /// A state whose token slots, in `forEachToken` order (phones, registries, then POSTs and
    /// pushes in flight), hold `tokens`: the inline lists hold up to 65.
    static func holding(_ tokens: [UInt8]) -> FleetState {
        var rest = tokens[...]
        var s = FleetState(sessions: [], hostsDown: 0, servers: [], registries: [], devices: [], pushes: [], posts: [])
        for _ in 0..<FleetState.deviceCapacity {
            var d = DeviceCell.blank
            d.pushToStartToken = rest.popFirst() ?? 0
            while d.cards.count < FleetState.cardCapacity, let t = rest.popFirst() {
                var c = CardCell.blank
                c.token = t
                d.cards.append(c)
            }
            s.devices.append(d)
        }
        for _ in 0..<FleetState.registryCapacity {
            var r = RegistryCell.blank
            while r.pushToStart.count < FleetState.tokenCapacity, let t = rest.popFirst() {
                r.pushToStart.append(TokenEntry(token: t, device: 0, env: 0))
            }
            while r.update.count < FleetState.tokenCapacity, let t = rest.popFirst() {
                r.update.append(TokenEntry(token: t, device: 0, env: 0))
            }
            s.registries.append(r)
        }
        while s.posts.count < FleetState.postCapacity, let t = rest.popFirst() {
            s.posts.append(PostCell(device: 0, host: 0, endpoint: .updateToken, token: t, env: 0))
        }
        while s.pushes.count < FleetState.pushCapacity, let t = rest.popFirst() {
            var push = PushCell.blank
            push.token = t
            s.pushes.append(push)
        }
        precondition(rest.isEmpty, "more tokens than slots")
        return s
    }
}
