import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// `breaking`: a diagnosis asked for a witness that breaks a named property.
@Suite("FleetDiagnosisBreaking")
struct FleetDiagnosisBreakingTests {
    /// The one-phone world's committed logs: small enough to search whole in a debug build.
    static let logs = [
        "false-end.server", "missing-card.server-ghost", "missing-card.veto", "zombie-card.idle-phone",
        "zombie-card.server-forgot", "zombie-card.stale-delivery", "zombie-card.unaddressable",
    ]

    static func load(_ name: String) throws -> (FleetSystem, FleetLog) {
        let path = "Counterexamples/fleet-card-one-phone/" + name
        let (model, _) = try FleetDiagnosisTests.load(path + ".json")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".log.jsonl")))
        return (model, try FleetLogFile.read(bytes, strict: true))
    }

    /// Whether `steps` break `name` somewhere, replayed apart from the search.
    static func breaks(_ model: FleetSystem, _ steps: [FleetSystem.Action], _ name: String) throws -> Bool {
        let property = try #require(model.properties.first { $0.name == name })
        var state = try #require(model.initialStates().first)
        for action in steps {
            let next = try #require(model.next(state, action))
            switch property.kind {
            case .always: if property.stateCheck?(model, next) == false { return true }
            case .atQuiescence:
                if property.stateCheck?(model, next) == false && model.isQuiescent(next) { return true }
            case .transition: if property.stepCheck?(model, state, action, next) == false { return true }
            case .sometimes: break
            }
            state = next
        }
        return false
    }

    @Test("a log whose first witness breaks nothing is written by one breaking its counterexample's property when asked",
          arguments: logs)
    func breaksWhenAsked(_ name: String) throws {
        let (model, log) = try Self.load(name)
        let property = name.replacingOccurrences(of: ".", with: ":")
        var options = FleetDiagnosis.Options()
        let plain = FleetDiagnosisReport.make(model, log, path: "log", options: options)
        #expect(plain.verdict == .consistent)
        #expect(try !Self.breaks(model, try #require(plain.outcomes.last).steps, property), "the plain witness breaks \(property) already")
        options.breaking = property
        let asked = FleetDiagnosisReport.make(model, log, path: "log", options: options)
        #expect(asked.verdict == .consistent)
        #expect(asked.lines.last == "result: consistent, and a behaviour that writes it breaks \(property)")
        let witness = try #require(asked.outcomes.last).steps
        // Checked apart from the search: the steps write exactly the log, and break the property.
        #expect(FleetDiagnosis(model: model, log: log).projection(of: witness) == log.lines.count)
        #expect(try Self.breaks(model, witness, property))
    }

    @Test("asked to break a property no behaviour writing the log breaks: consistent, unbroken, and said so")
    func unbroken() throws {
        let (model, log) = try Self.load("zombie-card.idle-phone")
        var options = FleetDiagnosis.Options(gapWorldBudget: 1, gapSteps: 8)
        options.breaking = "restart-loop"
        let asked = FleetDiagnosisReport.make(model, log, path: "log", options: options)
        #expect(asked.verdict == .unbroken(property: "restart-loop"))
        #expect(asked.lines.last == "result: consistent, but no behaviour within the gap bounds that writes it breaks restart-loop")
        let steps = try #require(asked.outcomes.last).steps
        #expect(FleetDiagnosis(model: model, log: log).projection(of: steps) == log.lines.count)
        #expect(try !Self.breaks(model, steps, "restart-loop"))
    }

    @Test("--breaking a class (zombie-card) is answered by a behaviour breaking one of its causes")
    func breakingAClass() throws {
        let (model, log) = try Self.load("zombie-card.server-forgot")
        #expect(FleetDiagnosisReport.breakable(model).contains("zombie-card"))
        var options = FleetDiagnosis.Options()
        options.breaking = "zombie-card"
        let asked = FleetDiagnosisReport.make(model, log, path: "log", options: options)
        #expect(asked.verdict == .consistent, "\(asked.lines.joined(separator: "\n"))")
        #expect(asked.lines.last == "result: consistent, and a behaviour that writes it breaks zombie-card")
        let witness = try #require(asked.outcomes.last).steps
        #expect(FleetDiagnosis(model: model, log: log).projection(of: witness) == log.lines.count)
        let causes = model.properties.map(\.name).filter { $0.hasPrefix("zombie-card:") }
        #expect(try causes.contains { try Self.breaks(model, witness, $0) })
    }
}
