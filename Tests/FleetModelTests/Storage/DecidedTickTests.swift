import Foundation
import FleetCard
import Testing
@testable import FleetModel

/// A tick cell holds FleetCard's decision by an interned id (`DecidedTick`): equal decisions
/// share an id, different ones do not, and its JSON is the decision's own, so the states a
/// trace records read as they did when the cell held the FleetTick itself.
@Suite("DecidedTick")
struct DecidedTickTests {
    let model = FleetSystem(config: Fixture.config(sessions: [.init(host: 0, hidden: false), .init(host: 0, hidden: false)]))

    /// Two different decisions: all idle (nothing to do) and one session working (start).
    func decisions() -> (FleetTick, FleetTick) {
        var s = model.initialStates()[0]
        let idle = model.decide(s, server: 0)
        s.sessions[0].activity = .working
        let working = model.decide(s, server: 0)
        return (idle, working)
    }

    @Test("equal decisions share an id, different ones do not, and each gives back its decision")
    func interning() {
        let (idle, working) = decisions()
        #expect(idle != working)
        #expect(DecidedTick(idle) == DecidedTick(idle))
        #expect(DecidedTick(idle) != DecidedTick(working))
        #expect(DecidedTick(idle).tick == idle)
        #expect(DecidedTick(working).tick == working)
    }

    @Test("its JSON is the FleetTick's, and it decodes back to the same id")
    func json() throws {
        let (_, working) = decisions()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let cell = try encoder.encode(DecidedTick(working))
        #expect(cell == (try encoder.encode(working)))
        #expect(try JSONDecoder().decode(DecidedTick.self, from: cell) == DecidedTick(working))
    }

    @Test("a failure message shows the decision, not the id")
    func mirror() {
        let (_, working) = decisions()
        let children = Array(Mirror(reflecting: DecidedTick(working)).children)
        #expect(children.map(\.label) == ["tick"])
        #expect(children.first?.value as? FleetTick == working)
    }

    @Test("the bits the fingerprint packs follow the decision's flags and action")
    func bits() {
        let (idle, working) = decisions()
        for tick in [idle, working] {
            var vetoed = tick
            vetoed.vetoed.toggle()
            #expect(DecidedTick(vetoed).bits != DecidedTick(tick).bits)
            var logs = tick
            logs.logsVeto.toggle()
            #expect(DecidedTick(logs).bits != DecidedTick(tick).bits)
        }
        #expect(idle.action != working.action)
        #expect(DecidedTick(idle).bits != DecidedTick(working).bits)
    }
}
