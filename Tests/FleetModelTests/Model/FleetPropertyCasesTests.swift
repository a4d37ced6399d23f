import Explorer
import Foundation
import Testing
@testable import FleetModel

/// The fleet's step checks name the action cases they are about (`Property.cases`), and the
/// search calls them on those steps only: here they are called on every other step anyway,
/// and must hold there, so a case left out of a check's list is caught.
@Suite("FleetPropertyCases")
struct FleetPropertyCasesTests {
    static var stepChecks: [Property<FleetSystem>] { FleetSystem.allProperties.filter { $0.kind == .transition } }

    /// Every step out of `state`, each transition property whose cases leave the step out
    /// called on it anyway: the names of those that broke.
    static func brokenOutsideCases(_ model: FleetSystem, _ state: FleetState) -> [String] {
        var broken: [String] = []
        for action in model.actions(in: state) {
            guard let next = model.next(state, action) else { continue }
            for p in stepChecks where !p.concerns(model.actionCase(of: action)) {
                if p.stepCheck?(model, state, action, next) == false { broken.append("\(p.name) on \(action)") }
            }
        }
        return broken
    }

    @Test("every step check names some cases, and not all of them")
    func named() {
        #expect(Self.stepChecks.count == 6)
        for p in Self.stepChecks {
            let named = FleetSystem.Action.Case.allCases.filter { p.concerns($0.rawValue) }
            #expect(!named.isEmpty && named.count < FleetSystem.Action.Case.allCases.count, "\(p.name)")
        }
    }

    @Test("a step check holds on every step out of every state of every committed counterexample whose case it does not name",
        arguments: FleetCounterexamplesTests.files)
    func committed(_ path: String) throws {
        let (model, trace) = try FleetDiagnosisTests.load(path)
        var state = try #require(model.initialStates().indices.contains(trace.initialState) ? model.initialStates()[trace.initialState] : nil)
        var seen = 0
        for step in trace.steps + [nil] {
            let broken = Self.brokenOutsideCases(model, state)
            #expect(broken.isEmpty, "\(path): \(broken)")
            seen += 1
            guard let step else { break }
            state = try #require(model.next(state, step), "\(path): \(step) disabled")
        }
        #expect(seen == trace.steps.count + 1)
    }

    /// The states of a small world with restarts and drops within 9 steps (every part of the state moves).
    static let reachableStates = FleetModelTests.reachable(Fixture.restartsAndDrops, depth: 9)

    @Test("a step check holds on every step of a small world's states within 9 steps whose case it does not name")
    func withinTwelveSteps() {
        for state in Self.reachableStates {
            let broken = Self.brokenOutsideCases(Fixture.restartsAndDrops, state)
            #expect(broken.isEmpty, "\(broken)")
        }
        #expect(Self.reachableStates.count > 300)
    }

    @Test("an action's case is its enum case, every case numbered once in declaration order")
    func caseNames() {
        var named: Set<String> = []
        for state in Self.reachableStates {
            for a in Fixture.restartsAndDrops.actions(in: state) {
                let label = Mirror(reflecting: a).children.first?.label ?? (a == .devBuildLaunch ? "devBuildLaunch" : "?")
                #expect("\(a.case)" == label, "\(a)")
                named.insert(label)
            }
        }
        #expect(named.count >= 10, "\(named.sorted())")
        #expect(FleetSystem.Action.Case.allCases.map(\.rawValue) == Array(0..<FleetSystem.Action.Case.allCases.count))
        #expect(FleetSystem.Action.Case.allCases.count <= Property<FleetSystem>.caseLimit)
    }
}
