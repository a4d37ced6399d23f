import Testing
@testable import FleetCard

@Suite struct FleetBoxEndpointsTests {
    let since = SinceMap([
        SinceStamp(sid: "b", state: .working, since: 1), SinceStamp(sid: "a", state: .needsInput, since: 2),
    ])

    @Test("adoption takes the card without content and clears the veto")
    func adopt() {
        let box = FleetBox(since: since, clientEnded: ["a"], vetoLogged: true)
        let (next, file) = box.noteFleetActivityStarted()
        #expect(next == FleetBox(current: FleetCardMemory(content: nil), since: since))
        #expect(file == .keep, "adoption is not persisted")
    }

    @Test("re-registration while a card is tracked leaves memory, content, veto and since untouched")
    func reRegistration() {
        let card = FleetCardMemory(content: FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 3))
        let box = FleetBox(current: card, since: since, clientEnded: ["a"], vetoLogged: true)
        let (next, file) = box.noteFleetActivityStarted()
        #expect(next == box && file == .keep)
    }

    @Test("a boot-time load that finds no file drops an adoption made during it")
    func adoptionDuringAnEmptyLoad() {
        let adopted = FleetBox.booting().noteFleetActivityStarted().box
        #expect(adopted.current == FleetCardMemory(content: nil))
        #expect(adopted.completingBootLoad(nil).current == nil)
    }

    @Test("clearing the veto forgets the population and its log, and nothing else")
    func clearVeto() {
        let card = FleetCardMemory(content: nil)
        let box = FleetBox(current: card, since: since, clientEnded: ["a"], vetoLogged: true)
        #expect(box.clearingVeto() == FleetBox(current: card, since: since))
    }

    @Test("/ended nulls the card and records the last decide's active sids as the veto population, not its since map's")
    func ended() {
        let box = FleetBox(current: FleetCardMemory(content: .zero(at: 0), zeroSince: 4), since: since, population: ["a", "c"])
        let (next, file) = box.noteFleetActivityEnded()
        #expect(next == FleetBox(since: since, clientEnded: ["a", "c"], population: ["a", "c"]))
        #expect(file == .unlink)
    }

    @Test("an /ended during the boot-time load beats the on-disk snapshot")
    func endedDuringLoadWins() throws {
        let snapshot = PersistedFleetState(current: FleetCardMemory(content: .zero(at: 0)), since: since)
        let reported = FleetBox.booting().noteFleetActivityEnded().box
        #expect(reported.fleetEndedReported)
        let loaded = reported.completingBootLoad(snapshot)
        #expect(loaded.current == nil && !loaded.loadInFlight && !loaded.fleetEndedReported)
        let off = try #require(Guards.allBut("fleetEndedReported"))
        #expect(reported.completingBootLoad(snapshot, guards: off).current == snapshot.current)
    }

    @Test("an /ended that beats the snapshot keeps its baselines and records an empty veto population (issue 50)")
    func endedDuringLoadVetoesTheSnapshot() {
        let snapshot = PersistedFleetState(current: FleetCardMemory(content: .zero(at: 0)), since: since)
        let loaded = FleetBox.booting().noteFleetActivityEnded().box.completingBootLoad(snapshot)
        // Issue 50: the population is empty until the first tick after the restart.
        #expect(loaded == FleetBox(since: since, clientEnded: []))
    }

    @Test("an adoption after the mid-load /ended resets fleetEndedReported: the load puts the snapshot's card back")
    func registrationAfterTheMidLoadEnded() throws {
        let snapshot = PersistedFleetState(current: FleetCardMemory(content: .zero(at: 0)), since: since)
        let reported = FleetBox.booting().noteFleetActivityEnded().box
        let adopted = reported.noteFleetActivityStarted().box
        #expect(!adopted.fleetEndedReported && adopted.clientEnded == nil)
        let loaded = adopted.completingBootLoad(snapshot)
        #expect(loaded.clientEnded == nil && loaded.current == snapshot.current && loaded.since == since)
    }

    @Test("a quiet boot-time load restores the card and every elapsed baseline")
    func loadRestores() {
        let snapshot = PersistedFleetState(current: FleetCardMemory(content: .zero(at: 0)), since: since)
        let loaded = FleetBox.booting().completingBootLoad(snapshot)
        #expect(loaded == FleetBox(current: snapshot.current, since: since))
        #expect(loaded.noteFleetActivityEnded().box.clientEnded == [], "an /ended before the first tick records no one")
        #expect(FleetBox.booting().completingBootLoad(nil) == .empty)
    }
}
