import Foundation
import FleetCard
import Testing
@testable import FleetModel

/// Issue 50, item 10: two open questions as variants, off by default. Each test shows the
/// variant's behaviour differs from the default's on the same steps.
@Suite("FleetIssue50Variants")
struct FleetIssue50VariantsTests {
    /// Two hosts, s1 working on the non-default one, host outages: the two-hosts world, small.
    static func twoHosts(_ trust: CountTrust) -> FleetSystem {
        var world = Fixture.noFaults
        world.hostOutage = true
        var config = Fixture.config(sessions: [.init(host: 1, initial: .working)], hosts: 2, world: world, budget: 2)
        config.variants.countTrust = trust
        return FleetSystem(config: config)
    }

    @Test("countTrust liveFetchOfEveryUpHost: a phone that learns s1's host is down ends the card the spec's rule leaves alone")
    func countTrustIgnoresDownHosts() throws {
        let shown: [FleetSystem.Action] = [.openApp(0), .refresh(0), .sync(0)]
        let learns: [FleetSystem.Action] = [.hostDown(1), .refresh(0), .sync(0)]
        let spec = Self.twoHosts(.noHostKnownDown), app = Self.twoHosts(.liveFetchOfEveryUpHost)
        for m in [spec, app] {
            let s = try #require(Fixture.run(m, shown))
            #expect(s.devices[0].cards.count == 1, "the app shows s1 working")
        }
        let kept = try #require(Fixture.run(spec, shown + learns))
        #expect(kept.devices[0].cards.count == 1, "a host known down: the count is unknown, the card untouched")
        let ended = try #require(Fixture.run(app, shown + learns))
        #expect(ended.devices[0].cards.isEmpty, "the down host's sessions blanked, a trusted zero: the card ends")
        #expect(ended.posts.contains { $0.endpoint == .ended })
        #expect(app.truth(ended).activeTotal == 1, "s1 is still working: a false end")
    }

    @Test("countTrust liveFetchOfEveryUpHost is written to a trace's configuration only when set")
    func countTrustEncoding() throws {
        let encoder = JSONEncoder()
        let plain = try #require(String(data: encoder.encode(FleetConfig.Variants.documented), encoding: .utf8))
        #expect(!plain.contains("countTrust") && !plain.contains("olderPushToStartHonoured"))
        var set = FleetConfig.Variants.documented
        set.countTrust = .liveFetchOfEveryUpHost
        set.olderPushToStartHonoured = true
        let data = try encoder.encode(set)
        #expect(try JSONDecoder().decode(FleetConfig.Variants.self, from: data) == set)
    }

    /// One phone re-minting its push-to-start token at launch: the older one stays in the
    /// registry under the cap, and s1 turns working.
    static func reMinted(older: Bool) throws -> (FleetSystem, FleetState) {
        var world = Fixture.noFaults
        world.pushToStartRotation = true
        var config = Fixture.config(world: world)
        config.variants.olderPushToStartHonoured = older
        let m = FleetSystem(config: config)
        let steps: [FleetSystem.Action] = [.openApp(0), .arrivePost(0), .setSession(0, .working), .tick(0)]
        let s = try #require(Fixture.run(m, steps))
        return (m, s)
    }

    @Test("olderPushToStartHonoured: a start to a phone's older and newer tokens shows two cards on it, the default one")
    func olderPushToStart() throws {
        for older in [false, true] {
            let (m, ticked) = try Self.reMinted(older: older)
            let targets = try #require(ticked.servers[0].tick).targets
            #expect(targets.count == 2, "the older token and the newer one")
            #expect(targets.last?.token == ticked.devices[0].pushToStartToken)
            var s = try #require(Fixture.run(m, ticked, [.send(0), .send(0), .apply(0)]))
            #expect(s.pushes.count == (older ? 2 : 1), older ? "both tokens start a card" : "the older token is dead")
            #expect(s.pushes.allSatisfy { $0.action == .start && $0.device == 0 })
            while !s.pushes.isEmpty, let next = m.next(s, .deliverPush(0)) { s = next }
            #expect(s.devices[0].cards.count == (older ? 2 : 1))
        }
    }
}
