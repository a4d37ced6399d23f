import FleetCard
import Testing
@testable import FleetModel

/// The model and its log as the real server writes them, third pass (issue 50): send order,
/// the missed-threshold lines' fields, the end hold's timer, the shapes after a restart, and
/// start-vetoed re-logging.
@Suite("FleetFidelityIssue50")
struct FleetFidelityIssue50Tests {
    @Test("the registry is in first-registration order, and a start goes to its targets in that order (item 1)")
    func sendOrder() throws {
        var world = Fixture.noFaults
        world.pushToStartRotation = true
        let m = FleetSystem(config: Fixture.config(world: world, stale: true))
        let s0 = m.initialStates()[0]
        let initial: [UInt8] = s0.registries[0].pushToStart.map(\.env)
        #expect(initial == [1, 0], "the sandbox build registered before the phone")
        // The phone re-mints its push-to-start token at launch; the older one stays under the cap.
        let steps: [FleetSystem.Action] = [.openApp(0), .arrivePost(0), .setSession(0, .working), .tick(0)]
        let s = try #require(Fixture.run(m, steps))
        let envs: [UInt8] = s.registries[0].pushToStart.map(\.env), tokens: [UInt8] = s.registries[0].pushToStart.map(\.token)
        let mine = s.devices[0].pushToStartToken
        #expect(envs == [1, 0, 0])
        #expect(tokens.last == mine, "the new token is appended, not put first")
        let action = s.servers[0].tick?.action, targets: [UInt8] = s.servers[0].tick.map { $0.targets.map(\.token) } ?? []
        #expect(action == .start && targets == tokens)
        let all = steps + [.send(0), .send(0), .send(0)]
        let sends = FleetLogWriter(model: m).lines(all).compactMap { line -> ApnsEnvironment? in
            if case .send(_, _, let env, _) = line.event { return env }
            return nil
        }
        #expect(sends == [.sandbox, .production, .production], "sent one after another in list order")
    }

    @Test("an update goes to the corpse registered first, then to the phone's card (item 1)")
    func updateOrder() throws {
        let m = FleetSystem(config: Fixture.config(budget: 3, stale: true))
        let steps: [FleetSystem.Action] = [
            .openApp(0), .setSession(0, .working), .refresh(0), .sync(0), .activityUpdates(0),
        ]
        var s = try #require(Fixture.run(m, steps))
        // Every POST arrives (the start token and the card's update token).
        while let p = s.posts.indices.first, let next = m.next(s, .arrivePost(p)) { s = next }
        let update: [UInt8] = s.registries[0].update.map(\.env)
        #expect(update == [1, 0], "supersede removes without reordering; the new token is appended")
    }

    /// One phone, s1 working, failed sends, the server's hold 60 s: the card push-started and its
    /// update token registered (the background launch registers it).
    static var held: FleetSystem {
        var world = Fixture.noFaults
        world.sendFails = true
        var config = Fixture.config(sessions: [.init(host: 0, hidden: false, initial: .working)], world: world, budget: 4)
        config.hold = .init(server: 60, app: 0)
        return FleetSystem(config: config)
    }

    static func registered(_ m: FleetSystem) throws -> FleetState {
        var s = try #require(Fixture.run(m, [.tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0), .sync(0), .activityUpdates(0)]))
        while let p = s.posts.indices.first, let next = m.next(s, .arrivePost(p)) { s = next }
        #expect(s.registries[0].update.count == 1)
        return s
    }

    @Test("under a hold a failed zeroed update starts no timer, so no end can follow it (item 3)")
    func failedZeroedUpdate() throws {
        let m = Self.held
        let s = try Self.registered(m)
        let failed = try #require(Fixture.run(m, s, [.setSession(0, .idle), .tick(0), .failSend(0), .apply(0)]))
        #expect(failed.servers[0].memory == s.servers[0].memory, "the memory as it was")
        #expect(m.next(failed, .holdEnds(0)) == nil, "decide end after a failed zeroed update: the real server cannot write it")
        // Delivered, the hold runs: its end may come.
        let delivered = try #require(Fixture.run(m, s, [.setSession(0, .idle), .tick(0), .send(0), .apply(0)]))
        #expect(m.next(delivered, .holdEnds(0)) != nil)
    }

    @Test("a failed update with activity keeps the old timer, so a later zero can end at once (item 3)")
    func failedUpdateKeepsTheTimer() throws {
        let m = Self.held
        let s = try Self.registered(m)
        let steps: [FleetSystem.Action] = [
            .setSession(0, .idle), .tick(0), .send(0), .apply(0), .setSession(0, .working), .tick(0), .failSend(0), .apply(0),
            .setSession(0, .idle),
        ]
        let zero = try #require(Fixture.run(m, s, steps))
        #expect(m.next(zero, .holdEnds(0)) != nil, "no tick needed: the timer is the one the zeroed update started")
    }

    @Test("after a restart an /ended before the first tick vetoes no one, and logs client-ended hadActive:true with no start since (item 4)")
    func endedAfterARestart() throws {
        var world = Fixture.noFaults
        world.serverRestart = true
        let m = FleetSystem(config: Fixture.config(sessions: [.init(host: 0, hidden: false, initial: .working)], world: world))
        let restarted = try #require(Fixture.run(m, [.tick(0), .send(0), .apply(0), .restartServer(0)]))
        // The report lands during the boot-time load, or after it before the first tick.
        for (steps, hadActive) in [([FleetSystem.Action](), false), ([.bootLoad(0)], true)] {
            var s = try #require(Fixture.run(m, restarted, steps))
            s.posts.append(PostCell(device: 0, host: 0, endpoint: .ended, token: 0, env: 0))
            let p = try #require(s.posts.indices.first { s.posts[$0].endpoint == .ended })
            var after = try #require(m.next(s, .arrivePost(p)))
            var bits: UInt8 = 0
            let events = m.logEvents(s, .arrivePost(p), after, vetoLogged: &bits)
            #expect(events == [.clientEnded(hadActive: hadActive)], "the loaded card: hadActive with no start since the restart")
            if after.servers[0].loading { after = try #require(m.next(after, .bootLoad(0))) }
            let veto = after.servers[0].vetoMask
            #expect(veto == 0, "an empty veto population")
            #expect(m.decide(after, server: 0).action == .start, "the next start is sent")
        }
    }
}
