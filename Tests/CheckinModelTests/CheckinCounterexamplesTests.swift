import Explorer
import Foundation
import Testing
@testable import CheckinModel
@testable import Widgets

@Suite struct CheckinCounterexamplesTests {
    /// Every JSON trace under Counterexamples/checkin*/, sorted.
    static var files: [String] {
        let root = Repository.root + "/Counterexamples"
        let dirs = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("checkin") }.sorted()
        return dirs.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + dir)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + dir + "/" + $0 }
        }
    }

    static func load(_ path: String) throws -> (CheckinSystem, Trace<CheckinSystem>) {
        let data = try #require(FileManager.default.contents(atPath: path))
        let configuration = try #require(try JSONValue(parsing: data)["configuration"])
        let model = try CheckinSystem(configuration: configuration)
        return (model, try Trace<CheckinSystem>.load(data, for: model))
    }

    @Test("counterexamples are committed: the default's findings and every guard's mutant")
    func present() {
        #expect(Self.files.count >= 13)
    }

    @Test("every committed counterexample still breaks its property at its last step", arguments: files)
    func replays(_ path: String) throws {
        let (model, trace) = try Self.load(path)
        let outcome = Replay(model).run(trace)
        #expect(outcome.reproduced, "\(path): \(outcome)")
    }

    @Test("a mutant's trace breaks nothing of that name with its guard back on", arguments: files.filter { $0.hasSuffix("-off.json") })
    func guardOnClears(_ path: String) throws {
        let (model, trace) = try Self.load(path)
        var config = model.config
        config.guards = CheckinGuard.shipped
        let fixed = CheckinSystem(config: config)
        let property = try #require(fixed.properties.first { $0.name == trace.property })
        var state = fixed.initialStates()[0]
        for step in trace.steps {
            guard fixed.actions(in: state).contains(step), let next = fixed.next(state, step) else { return }
            state = next
            if property.kind == .always { #expect(property.stateCheck?(fixed, state) ?? false, "\(path) at \(step)") }
        }
    }

    @Test("each counterexample has its story beside it, generated from the trace", arguments: files)
    func story(_ path: String) throws {
        let (model, trace) = try Self.load(path)
        let md = String(decoding: FileManager.default.contents(atPath: path.replacingOccurrences(of: ".json", with: ".md")) ?? Data(), as: UTF8.self)
        #expect(md.contains("```mermaid\nsequenceDiagram"))
        #expect(md.contains("## What broke"))
        let title = md.split(separator: "\n").first.map { String($0.dropFirst(2)) }
        #expect(md == CheckinCounterexamples.story(trace, model: model, title: title))
    }
}
