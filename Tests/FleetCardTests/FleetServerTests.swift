import Testing
@testable import FleetCard

@Suite struct FleetServerTests {
    @Test("only the canonical port pushes; without the guard a scratch port does too")
    func canonicalPort() throws {
        #expect(FleetServer.pushWatcherEnabled(port: 8766))
        #expect(!FleetServer.pushWatcherEnabled(port: 8767))
        let off = try #require(Guards.allBut("canonicalPortOnly"))
        #expect(FleetServer.pushWatcherEnabled(port: 8767, guards: off))
    }

    /// The model's seam for shared since stamps (Models/README.md, "Time"): the real server
    /// stamps every row of a fresh card with now, so its rows then order by sid.
    @Test("a fresh start stamps rows now (sid order); with baselines given, rows order oldest-first by them")
    func baselines() {
        let sessions = [working("s1"), working("s2"), asking("s3")]
        let fresh = FleetServer().decide(sessions, now: 10)
        #expect(fresh.content.rows.map(\.sid) == ["s3", "s1", "s2"])
        #expect(fresh.content.rows.allSatisfy { $0.since == 10 })
        let shared = SinceMap([
            SinceStamp(sid: "s1", state: .working, since: 4), SinceStamp(sid: "s2", state: .working, since: 2),
            SinceStamp(sid: "s3", state: .needsInput, since: 7),
        ])
        let ordered = FleetServer().decide(sessions, now: 10, baselines: shared)
        #expect(ordered.action == .start)
        #expect(ordered.content.rows.map(\.sid) == ["s3", "s2", "s1"])
        #expect(ordered.content.rows.map(\.since) == [7, 2, 4])
        #expect(ordered.since == shared)
        // A stamp for another state is not reused: the timer restarts.
        let moved = FleetServer().decide([asking("s1"), working("s2")], now: 10, baselines: shared)
        #expect(moved.content.rows.map(\.since) == [10, 2])
    }

    /// The seam replaces the box's map only when given: a filled card's tick keeps the box's
    /// baselines without it (the real server), and reads the shared stamps with it.
    @Test("baselines, when given, take the place of a filled card's since map; without them the map is kept")
    func baselinesOverAFilledCard() {
        let kept = SinceMap([SinceStamp(sid: "s1", state: .working, since: 5), SinceStamp(sid: "s2", state: .working, since: 3)])
        let filled = FleetContentState(working: 2, needsInput: 0, rows: [], more: 2, updatedAt: 0)
        let box = FleetBox(current: FleetCardMemory(content: filled), since: kept)
        let real = reduceFleetLiveActivity([working("s1"), working("s2")], box, now: 40)
        #expect(real.content.rows.map(\.sid) == ["s2", "s1"] && real.since == kept)
        let shared = SinceMap([SinceStamp(sid: "s1", state: .working, since: 0), SinceStamp(sid: "s2", state: .working, since: 1)])
        let modelled = reduceFleetLiveActivity([working("s1"), working("s2")], box, now: 40, baselines: shared)
        #expect(modelled.content.rows.map(\.sid) == ["s1", "s2"] && modelled.since == shared)
    }

    @Test("an update-token registration adopts the card, so the next tick updates instead of starting")
    func adoption() throws {
        let server = FleetServer().postingUpdateToken(token1)
        #expect(server.box.current == FleetCardMemory(content: nil))
        #expect(server.file == nil, "adoption is not persisted")
        #expect(server.decide([working("s1")], now: 0).action == .update)
        let off = try #require(Guards.allBut("adoptOnTokenRegistration"))
        let silent = FleetServer().postingUpdateToken(token1, guards: off)
        #expect(silent.registry.update == [token1] && silent.box.current == nil)
        #expect(silent.decide([working("s1")], now: 0, guards: off).action == .start)
    }

    @Test("with adoptOnTokenRegistration off a registration stores the token and clears the veto, without adopting")
    func registrationClearsTheVetoWithoutAdoption() throws {
        let off = try #require(Guards.allBut("adoptOnTokenRegistration"))
        let vetoed = FleetServer(box: FleetBox(clientEnded: ["s1"], vetoLogged: true))
        #expect(vetoed.decide([working("s1")], now: 0, guards: off).vetoed)
        let registered = vetoed.postingUpdateToken(token1, guards: off)
        #expect(registered.registry.update == [token1])
        #expect(registered.box == FleetBox() && registered.file == nil)
        #expect(registered.decide([working("s1")], now: 0, guards: off).action == .start)
    }

    @Test("a tick's apply writes the file; an end unlinks it; /ended unlinks it")
    func fileFollowsTheCard() {
        let server = FleetServer().postingStartToken(token1)
        let tick = server.decide([working("s1")], now: 0)
        let started = server.applying(tick, FleetDelivery(attempted: 1, accepted: 1))
        #expect(started.file == PersistedFleetState(current: FleetCardMemory(content: tick.content), since: tick.since))
        #expect(started.postingEnded().file == nil)
        let end = started.decide([], now: 2)
        #expect(started.applying(end, FleetDelivery(attempted: 1, accepted: 1)).file == nil)
    }

    @Test("a restart keeps tokens and file, loses memory, and reloads the card when the load completes")
    func restart() {
        let (decided, tick) = FleetServer().postingStartToken(token1).deciding([working("s1")], now: 0)
        let started = decided.applying(tick, FleetDelivery(attempted: 1, accepted: 1))
        let booting = started.restarted()
        #expect(booting.box == .booting() && booting.registry == started.registry && booting.file == started.file)
        #expect(booting.decide([working("s1"), working("s2")], now: 2).action == .nothing)
        var reloaded = started.box
        reloaded.population = []  // memory only: empty until the first tick (issue 50)
        #expect(booting.completingBootLoad().box == reloaded)
        #expect(booting.postingEnded().completingBootLoad().box.current == nil)
    }

    @Test("an /ended before the first tick after a restart records an empty veto population: the next start is sent (issue 50)")
    func endedBeforeTheFirstTickVetoesNothing() {
        let server = FleetServer().postingStartToken(token1)
        let started = server.applying(server.decide([working("s1"), asking("s2")], now: 0), FleetDelivery(attempted: 1, accepted: 1))
        // During the boot-time load, and after it before any tick.
        for loaded in [started.restarted().postingEnded().completingBootLoad(), started.restarted().completingBootLoad().postingEnded()] {
            #expect(loaded.box.current == nil && loaded.file == nil && loaded.box.clientEnded == [])
            let tick = loaded.decide([working("s1"), asking("s2")], now: 2)
            #expect(tick.action == .start && !tick.vetoed)
            // No card tracked: the start stamps every row's since with now.
            #expect(tick.content.rows.map(\.since) == [2, 2])
        }
    }

    @Test("the decide half records its active sids as the population; a tick skipped during the boot-time load records nothing")
    func decidingRecordsThePopulation() {
        let server = FleetServer(box: FleetBox(population: ["s9"]))
        let (decided, tick) = server.deciding([working("s2"), asking("s1")], now: 0)
        #expect(tick == server.decide([working("s2"), asking("s1")], now: 0))
        #expect(decided.box == FleetBox(population: ["s1", "s2"]) && decided.registry == server.registry)
        var booting = FleetServer().restarted()
        booting.box.population = ["s9"]
        #expect(booting.deciding([working("s1")], now: 0).server == booting)
    }

    @Test("a 410 prunes through the server")
    func prune() {
        #expect(FleetServer().postingStartToken(token1).pruning("t1").registry == TokenRegistry())
    }
}
