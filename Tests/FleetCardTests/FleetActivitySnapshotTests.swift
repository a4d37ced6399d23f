import Testing
@testable import FleetCard

@Suite struct FleetActivitySnapshotTests {
    let five = (1...5).map { working("s\($0)") }

    @Test("the app's since map carries the rendered rows only, so a row scrolled out restarts")
    func renderedRowsCarry() {
        let first = FleetActivitySnapshot.make(from: Array(five.prefix(3)), carrying: SinceMap(), now: 10)
        #expect(first.carry.sids == ["s1", "s2", "s3"])
        let second = FleetActivitySnapshot.make(from: [asking("s4")] + five, carrying: first.carry, now: 20)
        #expect(second.carry.sids == ["s1", "s2", "s4"])
        let third = FleetActivitySnapshot.make(from: Array(five.prefix(3)), carrying: second.carry, now: 30)
        #expect(third.content.rows.map(\.since) == [10, 10, 30])
    }

    @Test("with the allActive reading the baseline survives scrolling, as on the server")
    func allActiveCarry() {
        let first = FleetActivitySnapshot.make(from: Array(five.prefix(3)), carrying: SinceMap(), now: 10, scope: .allActive)
        let second = FleetActivitySnapshot.make(from: [asking("s4")] + five, carrying: first.carry, now: 20, scope: .allActive)
        let third = FleetActivitySnapshot.make(from: Array(five.prefix(3)), carrying: second.carry, now: 30, scope: .allActive)
        #expect(third.content.rows.map(\.since) == [10, 10, 10])
    }

    @Test("the app has no seen-sid skip: a duplicated row counts twice")
    func noSeenSkip() {
        let snapshot = FleetActivitySnapshot.make(from: [working("s1"), working("s1")], carrying: SinceMap(), now: 0)
        #expect(snapshot.activeTotal == 2 && snapshot.content.rows.count == 2)
    }

    @Test("the store form reads the filtered view")
    func readsFilteredView() {
        let store = liveStore([working("s1", dir: "/hidden"), asking("s2")], hiddenDirs: ["/hidden"])
        let snapshot = FleetActivitySnapshot.make(from: store, carrying: SinceMap(), now: 0)
        #expect(snapshot.content.working == 0 && snapshot.content.needsInput == 1)
    }
}
