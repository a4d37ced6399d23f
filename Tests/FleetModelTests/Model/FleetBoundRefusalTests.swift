import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// A step the documented logic takes but a bound of the model refuses (`withinBounds`,
/// `maxCardsPerDevice`) keeps the state from being quiescent (Models/README.md, "Bounds").
@Suite("FleetBoundRefusal")
struct FleetBoundRefusalTests {
    /// The 18 steps `check Models/fleet-card-nightly-wide.json --budget 2 --depth 18` once
    /// reported as duplicate-card:not-deduped with every guard on (the start's three sends in
    /// list order since issue 50: the sandbox corpse, phone1, phone2; phone2's app opens after).
    static let boundCut: [FleetSystem.Action] = [
        .tick(0), .send(0), .send(0), .send(0), .openApp(1), .apply(0), .deliverPush(0), .backgroundLaunch(0),
        .sync(0), .activityUpdates(0), .backgroundEnds(0), .refresh(1), .hostDown(0), .sync(1), .refresh(1),
        .sync(1), .activityUpdates(1), .deliverPush(0),
    ]

    @Test("phone2's dedupe, refused only by the cap on POSTs in flight, keeps the wide world's 18-step state busy")
    func wideNightlyDuplicate() throws {
        var config = try FleetConfig.load(path: Repository.root + "/Models/fleet-card-nightly-wide.json")
        config.bounds.worldBudget = 2
        let model = FleetSystem(config: config)
        let s = try #require(Fixture.run(model, Self.boundCut))
        // Two cards on phone2 with its app in the foreground; four POSTs wait for host h1 (down).
        #expect(s.devices[1].app == .foreground && s.devices[1].cards.count == 2)
        #expect(s.posts.count == config.bounds.maxPostsInFlight && s.hostsDown == 1)
        let duplicate = try #require(FleetSystem.duplicateChecks.first { $0.name == "duplicate-card:not-deduped" }?.stateCheck)
        #expect(!duplicate(model, s), "two cards are shown")
        // activityUpdates would dedupe, then POST the survivor's token: a fifth POST in flight.
        #expect(model.actions(in: s).contains(.activityUpdates(1)))
        #expect(model.next(s, .activityUpdates(1)) == nil)
        #expect(model.refusingBound(s, .activityUpdates(1)) == "maxPostsInFlight")
        var roomier = config
        roomier.bounds.maxPostsInFlight += 1
        let deduped = try #require(FleetSystem(config: roomier).next(s, .activityUpdates(1)))
        #expect(deduped.devices[1].cards.count == 1 && deduped.posts.count == 5)
        // So neither the search nor replay judges the state quiescent, and the finding is gone.
        let trace = Trace(model: model, initialState: 0, steps: Self.boundCut, property: "duplicate-card:not-deduped")
        #expect(Replay(model).run(trace) == .propertyNotBroken(property: "duplicate-card:not-deduped"))
    }

    @Test("a push-to-start past maxCardsPerDevice is refused by the bound, not disabled")
    func cardsBound() throws {
        var config = Fixture.config()
        config.bounds.maxCardsPerDevice = 1
        let model = FleetSystem(config: config)
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .openApp(0), .refresh(0), .sync(0),
        ]
        let s = try #require(Fixture.run(model, steps))
        #expect(s.devices[0].cards.count == 1 && s.pushes.count == 1 && s.pushes[0].action == .start)
        #expect(model.next(s, .deliverPush(0)) == nil)
        #expect(model.refusingBound(s, .deliverPush(0)) == "maxCardsPerDevice")
        // A step the logic itself disables is not a bound's refusal.
        #expect(model.next(s, .sync(0)) == nil && model.refusingBound(s, .sync(0)) == nil)
        #expect(model.refusingBound(s, .deliverPush(1)) == nil)
    }

    /// One idle session, one phone, a sandbox dev build launching up to `budget` times, one POST
    /// and one push in flight at a time (160 states with the cap off; 496 before issue 50, when
    /// the phone's re-registration moved its token to the front): each launch adds a
    /// push-to-start token to host h1's list beside the phone's own.
    static func devBuilds(guards: Guards, budget: Int = 8) -> FleetSystem {
        var world = Fixture.noFaults
        world.sessionActivities = []
        world.devBuildLaunch = true
        var config = Fixture.config(world: world, budget: budget, depth: 60, guards: guards)
        config.bounds.maxPostsInFlight = 1
        config.bounds.maxPushesInFlight = 1
        return FleetSystem(config: config)
    }

    static var capOff: Guards {
        var g = Guards.all
        g.pushToStartCapPerEnv = false
        return g
    }

    static let capacityName = "the model's token-list capacity (8 per list)"

    @Test("a ninth push-to-start token, with the cap off, is refused by the token-list capacity, not a crash")
    func tokenListCapacity() throws {
        let model = Self.devBuilds(guards: Self.capOff)
        let eight = Array(repeating: [FleetSystem.Action.devBuildLaunch, .arrivePost(0)], count: 7).flatMap { $0 }
        let s = try #require(Fixture.run(model, eight + [.devBuildLaunch]))
        #expect(s.registries[0].pushToStart.count == FleetState.tokenCapacity && s.posts.count == 1)
        // The list would hold nine: the arrival is refused, by the capacity, and nothing is written.
        #expect(model.next(s, .arrivePost(0)) == nil)
        #expect(model.refusingBound(s, .arrivePost(0)) == Self.capacityName)
        #expect(s.registries[0].pushToStart.count == FleetState.tokenCapacity && !s.tokensOverflowed)
        // With the cap on the same arrival is taken: the list keeps three tokens per environment.
        let capped = Self.devBuilds(guards: .all)
        let t = try #require(Fixture.run(capped, eight + [.devBuildLaunch, .arrivePost(0)]))
        // The phone's production token and the three newest sandbox ones.
        #expect(t.registries[0].pushToStart.count == 1 + TokenRegistry.maxPushToStartPerEnv)
    }

    @Test("the cap off, a search finishes and its report names the capacity refusal, which no configuration raises")
    func tokenListCapacitySearch() {
        let report = BreadthFirstSearch(Self.devBuilds(guards: Self.capOff), options: SearchOptions(threads: 2)).run()
        #expect(report.stopReason == .exhausted)
        #expect(report.distinctStates == 160)
        #expect(report.boundCut == BoundCut(states: 4, refusals: [.init(bound: Self.capacityName, states: 4)]))
        #expect(report.boundCut.line == "bound cut: 4 states not judged at quiescence: a system step was refused by "
            + "the model's token-list capacity (8 per list), which no configuration raises")
    }

    /// The default configuration (every guard on) reports no bound cut either: `check
    /// Models/fleet-card.json` (398,089 states), too long for a unit test in a debug build.
    @Test("every guard on, no step of the dev-build world is refused by the token-list capacity")
    func tokenListCapacityGuardsOn() throws {
        let report = BreadthFirstSearch(Self.devBuilds(guards: .all, budget: 10), options: SearchOptions(threads: 2)).run()
        #expect(report.stopReason == .exhausted && report.boundCut.isEmpty)
    }
}
