import Testing
@testable import FleetCard

@Suite struct FleetTallyTests {
    func entry(_ sid: String, _ state: FleetRowState) -> FleetTally.Entry {
        FleetTally.Entry(sid: sid, title: sid, state: state)
    }

    @Test("rows: needs-input first, then oldest first; at most 3; more and counts cover everyone")
    func rowsOrderAndBudget() {
        let prior = SinceMap([
            SinceStamp(sid: "w1", state: .working, since: 30),
            SinceStamp(sid: "w2", state: .working, since: 10),
            SinceStamp(sid: "n1", state: .needsInput, since: 50),
        ])
        let active = [entry("w1", .working), entry("w2", .working), entry("n1", .needsInput), entry("w3", .working)]
        let (content, since) = FleetTally.build(active, prior: prior, now: 100, writer: .app)
        #expect(content.rows.map(\.sid) == ["n1", "w2", "w1"])
        #expect(content.rows.map(\.since) == [50, 10, 30])
        #expect(content.working == 3 && content.needsInput == 1 && content.more == 1)
        #expect(content.updatedAt == 100)
        #expect(since.since(of: "w3", in: .working) == 100)
        #expect(since.sids == ["n1", "w1", "w2", "w3"])
    }

    @Test("since restarts when the state changes and is dropped when the session goes quiet")
    func sinceRestarts() {
        let prior = SinceMap([
            SinceStamp(sid: "a", state: .working, since: 1),
            SinceStamp(sid: "gone", state: .working, since: 1),
        ])
        let (content, since) = FleetTally.build([entry("a", .needsInput)], prior: prior, now: 7, writer: .app)
        #expect(content.rows == [FleetRow(sid: "a", title: "a", state: .needsInput, since: 7)])
        #expect(since == SinceMap([SinceStamp(sid: "a", state: .needsInput, since: 7)]))
    }

    @Test("without maxRows every active session becomes a row")
    func maxRowsOff() throws {
        let active = (1...5).map { entry("w\($0)", .working) }
        let off = try #require(Guards.allBut("maxRows"))
        let (content, _) = FleetTally.build(active, prior: SinceMap(), now: 0, writer: .app, guards: off)
        #expect(content.rows.count == 5 && content.more == 0)
        let (capped, _) = FleetTally.build(active, prior: SinceMap(), now: 0, writer: .app)
        #expect(capped.rows.count == 3 && capped.more == 2)
    }

    @Test("ties on since break on sid")
    func tieBreak() {
        let (content, _) = FleetTally.build([entry("b", .working), entry("a", .working)], prior: SinceMap(), now: 0, writer: .app)
        #expect(content.rows.map(\.sid) == ["a", "b"])
    }
}
