import Explorer
import Foundation
import Testing
@testable import FleetModel

@Suite("FleetCounterexamples")
struct FleetCounterexamplesTests {
    /// Every JSON trace under Counterexamples/fleet-card*/, sorted.
    static var files: [String] {
        let root = Repository.root + "/Counterexamples"
        let dirs = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .filter { $0.hasPrefix("fleet-card") }.sorted()
        return dirs.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + dir)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + dir + "/" + $0 }
        }
    }

    @Test("counterexamples are committed")
    func present() {
        #expect(Self.files.count >= 20)
    }

    @Test("every committed counterexample still breaks its property at its last step", arguments: files)
    func replays(_ path: String) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        let header = try JSONValue(parsing: data)
        let configuration = try #require(header["configuration"])
        let model = try FleetSystem(configuration: configuration)
        let trace = try Trace<FleetSystem>.load(data, for: model)
        let outcome = Replay(model).run(trace)
        #expect(outcome.reproduced, "\(path): \(outcome)")
    }

    @Test("each counterexample has its story beside it, with a Mermaid diagram", arguments: files)
    func story(_ path: String) throws {
        let md = String(decoding: FileManager.default.contents(atPath: path.replacingOccurrences(of: ".json", with: ".md")) ?? Data(), as: UTF8.self)
        #expect(md.contains("```mermaid\nsequenceDiagram"))
        #expect(md.contains("## What broke"))
    }

    @Test("file stems name the property and the guard that was off")
    func stems() {
        #expect(FleetCounterexamples.stem("zombie-card:idle-phone") == "zombie-card.idle-phone")
        #expect(FleetCounterexamples.stem("row-budget", guardOff: "maxRows") == "row-budget-maxRows-off")
    }
}
