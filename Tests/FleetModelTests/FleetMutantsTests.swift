import FleetCard
import Testing
@testable import FleetModel

@Suite("FleetMutants")
struct FleetMutantsTests {
    @Test("switching seenSidSkip off is killed by a double-counted session that holds with it on")
    func seenSidSkip() {
        var world = Fixture.noFaults
        world.duplicateRows = true
        let config = Fixture.config(sessions: [.init(host: 0, initial: .working)], world: world, budget: 1, depth: 30)
        let result = FleetMutants.run(config, only: ["seenSidSkip"])
        #expect(result.rows.count == 1)
        #expect(result.rows[0].property == "double-counted-session")
        #expect(result.allKilled)
        #expect(result.table.contains("| seenSidSkip | double-counted-session | double-counted-session: shown | double-counted-session |"))
    }

    @Test("a guard whose removal changes nothing in these bounds is reported as not killed")
    func notKilled() {
        // With no duplicate rows in the world, seen.has(sid) never decides anything.
        let config = Fixture.config(sessions: [.init(host: 0, initial: .working)], budget: 0, depth: 30)
        let result = FleetMutants.run(config, only: ["seenSidSkip"])
        #expect(!result.allKilled)
        #expect(result.table.contains("**NOT KILLED**"))
    }
}
