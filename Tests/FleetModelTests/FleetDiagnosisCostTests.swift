import FleetCard
import Foundation
import Testing
@testable import Explorer
@testable import FleetModel

/// What a diagnosis spends (issue 46 item 4, the day's log in a minute): the search order, an
/// episode searched once, and a step that renames no token makes no list. Counts, not times.
@Suite("FleetDiagnosisCost")
struct FleetDiagnosisCostTests {
    typealias Key = TraceSearch<FleetSystem>.Search.HeapKey

    static func key(position: Int32 = 3, world: UInt8, total: Int32, node: Int32 = 0) -> Key {
        Key(position: position, world: world, total: total, node: node, slot: 0)
    }

    @Test("the search order: the furthest line first, then the fewest steps with a world action counted as two")
    func order() {
        let before = TraceSearch<FleetSystem>.Search.before
        // A gap that needs a world action at once is not left until every system step is tried...
        #expect(before(Self.key(world: 1, total: 3), Self.key(world: 0, total: 6)))
        // ...nor tried before a shorter gap of system steps.
        #expect(before(Self.key(world: 0, total: 2), Self.key(world: 1, total: 1)))
        // At one cost, the fewer world actions first; then the earlier node.
        #expect(before(Self.key(world: 0, total: 3), Self.key(world: 1, total: 1)))
        #expect(before(Self.key(world: 0, total: 3, node: 1), Self.key(world: 0, total: 3, node: 2)))
        // Whatever the gap, a node further along the log first.
        #expect(before(Self.key(position: 4, world: 2, total: 40), Self.key(position: 3, world: 0, total: 0)))
    }

    /// The default world's log of `zombie-card.two-phones` read as a window, at the default
    /// bounds: its one episode stalls (no line passed in `stallBudget` nodes) before it passes.
    static func stallingEpisode() throws -> (FleetSystem, FleetLog, FleetDiagnosis.Options) {
        let (model, trace) = try FleetDiagnosisTests.load("Counterexamples/fleet-card/zombie-card.two-phones.json")
        let log = try FleetDiagnosisTests.log(FleetLogWriter(model: model).file(trace.steps))
        var options = FleetDiagnosis.Options()
        options.window = true
        options.windowWorldBudget = model.config.bounds.worldBudget
        options.reuseRuns = false
        return (model, log, options)
    }

    @Test("an episode searched whole is searched once: where it would stall is noted and the search goes on, not made again")
    func stallWatched() throws {
        let (model, log, options) = try Self.stallingEpisode()
        let search = TraceSearch(model: model, log: log, options: options)
        let all = 0..<log.lines.count
        // The episode does stall under the budget (the case this is about)...
        let budgeted = search.run(all, stop: nil, reason: { "" }, progress: nil, stall: TraceDiagnosis<FleetSystem>.stallBudget)
        guard case .stalled = budgeted.ending else {
            Issue.record("the episode no longer stalls: \(budgeted.ending)")
            return
        }
        // ...and searched to the end it passes, after the nodes the budgeted run had spent.
        let whole = search.run(all, stop: nil, reason: { "" }, progress: nil, stall: nil)
        #expect(whole.ending == .consistent)
        let watched = search.run(all, stop: nil, reason: { "" }, progress: nil, stall: TraceDiagnosis<FleetSystem>.stallBudget, watch: true)
        #expect(watched.ending == .consistent && watched.stalledAt != nil)
        #expect(watched.expanded == whole.expanded && watched.steps == whole.steps)
        let diagnosis = TraceDiagnosis.make(model, log, options: options)
        #expect(diagnosis.verdict == .consistent)
        #expect(diagnosis.explored == whole.expanded, "the episode's nodes are expanded once (\(budgeted.expanded) more when made again)")
    }

    @Test("a step that renumbers no token makes no renaming list, and a binding follows an empty one unchanged")
    func identityRenaming() throws {
        let model = try FleetDiagnosisTests.model()
        var moved = 0, kept = 0
        for s in model.initialStates() {
            for a in model.actions(in: s) {
                guard let (_, renaming) = model.stepRenaming(s, a) else { continue }
                let list = FleetSystem.compact(renaming)
                let identity = (0...Int(renaming.top)).allSatisfy { renaming[UInt8($0)] == UInt8($0) }
                #expect(list.isEmpty == identity)
                if identity { kept += 1 } else { moved += 1 }
            }
        }
        #expect(kept > 0)
        var binding = FleetLogBinding(sessions: 1)
        binding.live = [0, 5, 0, 7]
        let before = binding
        binding.follow([])
        #expect(binding == before)
        binding.follow([0, 2, 1])
        #expect(binding.live == [0, 0, 5], "token 1 became 2, token 3 was dropped")
        _ = moved
    }

    @Test("once an episode is inconsistent, the episodes after it are searched within the probe's budget: the verdict's line is known")
    func afterTheVerdict() throws {
        let model = try FleetDiagnosisTests.model(FleetDiagnosisWindowTests.onePhone, hold: 60)
        // The hold's lines from the initial states (inconsistent at line 1), then a start.
        let log = try FleetDiagnosisWindowTests.log(FleetDiagnosisWindowTests.inHold + Array(FleetDiagnosisWindowTests.split.prefix(2)))
        var options = FleetDiagnosisTests.narrow
        let full = TraceDiagnosis.make(model, log, options: options)
        #expect(full.verdict == .inconsistent(line: 1))
        #expect(full.results.last == .fresh, "searched to the end, the start passes on its own")
        options.oneBehaviourProbe = 1
        let capped = TraceDiagnosis.make(model, log, options: options)
        #expect(capped.verdict == .inconsistent(line: 1))
        guard case .notDecided(let index, let why)? = capped.results.last else {
            Issue.record("the episode after the verdict: \(String(describing: capped.results.last))")
            return
        }
        #expect(index == 4 && why.contains("inconsistent at an earlier line"))
        #expect(capped.explored < full.explored)
    }
}
