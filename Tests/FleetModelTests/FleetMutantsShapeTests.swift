import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// The guard table says "shown" for the veto's row only when its trace shows the spec's loop
/// (phone ends card → server push-starts a replacement → phone ends that too), not any
/// restart-loop.
@Suite("FleetMutants shapes")
struct FleetMutantsShapeTests {
    @Test("the committed veto-off trace, a late /ended stacking cards, is not the spec's loop")
    func committedVetoTraceIsAnotherLoop() throws {
        let path = Repository.root + "/Counterexamples/fleet-card-working-phone/restart-loop-clientEndedVeto-off.json"
        let (model, trace, _) = try FleetStoryClaimsTests.load(path)
        #expect(trace.property == "restart-loop")
        #expect(FleetMutants.shapeMissing("clientEndedVeto", model: model, steps: trace.steps) == FleetMutants.vetoLoopMissing)
        #expect(FleetMutants.shapeMissing("dedupe", model: model, steps: trace.steps) == nil)
    }

    /// A session in a hidden directory: the server counts it, the app does not, so with the
    /// veto off the phone ends each card the server push-starts, with no world action at all.
    /// Seeded walks of system steps find the loop; the check says so.
    @Test("a hidden working session with the veto off shows the spec's loop")
    func hiddenSessionShowsTheLoop() throws {
        var guards = Guards.all
        guards.clientEndedVeto = false
        let config = Fixture.config(
            sessions: [.init(host: 0, hidden: true, initial: .working)], world: Fixture.noFaults, budget: 0, guards: guards)
        let model = FleetSystem(config: config)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var shown = false
        for _ in 0..<200 where !shown {
            var state = model.initialStates()[0]
            var steps: [FleetSystem.Action] = []
            for _ in 0..<30 {
                let enabled = model.actions(in: state).filter { !$0.isWorld && model.next(state, $0) != nil }
                guard !enabled.isEmpty else { break }
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let step = enabled[Int(seed >> 33) % enabled.count]
                guard let next = model.next(state, step) else { break }
                steps.append(step)
                state = next
            }
            shown = FleetMutants.shapeMissing("clientEndedVeto", model: model, steps: steps) == nil
        }
        #expect(shown)
        // With the veto on, the same world never shows it: the /ended's population refuses the restart.
        var on = config
        on.guards = .all
        let vetoed = FleetSystem(config: on)
        var state = vetoed.initialStates()[0]
        var steps: [FleetSystem.Action] = []
        for _ in 0..<60 {
            guard let step = vetoed.actions(in: state).first(where: { !$0.isWorld && vetoed.next(state, $0) != nil }),
                let next = vetoed.next(state, step)
            else { break }
            steps.append(step)
            state = next
        }
        #expect(FleetMutants.shapeMissing("clientEndedVeto", model: vetoed, steps: steps) == FleetMutants.vetoLoopMissing)
    }

    /// Each row of the committed guard table links the story of its guard, beside the world it
    /// names, and that story's trace breaks the row's property with that guard off.
    @Test("every link of the fleet guard table opens its row's story, beside the world that ran it")
    func guardTableLinks() throws {
        let dir = Repository.root + "/Counterexamples/fleet-card"
        let table = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/GUARD-TABLE.md")), as: UTF8.self)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| guard off") }
        #expect(rows.count == Guards.names.count)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let (guardName, world, link) = (cells[0], cells[1], cells[4])
            let open = try #require(link.range(of: "]("))
            let property = String(link.dropFirst().prefix { $0 != "]" })
            let target = String(link[open.upperBound...].dropLast())
            #expect(target == "../\(world)/\(FleetCounterexamples.stem(property, guardOff: guardName)).md", "\(guardName): \(target)")
            let (model, trace, _) = try FleetStoryClaimsTests.load(dir + "/" + target.replacingOccurrences(of: ".md", with: ".json"))
            #expect(trace.property == property && model.config.guards.switchedOff == [guardName], "\(guardName): \(target)")
        }
    }
}
