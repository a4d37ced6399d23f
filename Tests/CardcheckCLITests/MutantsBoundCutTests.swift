import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// A guard table row, and a CI mutant job, whose guard-off run a bound cut: the reader is told,
/// since a guard "not killed" there may be hidden by the bound.
@Suite struct MutantsBoundCutTests {
    /// One phone allowed `cards` cards, two world actions: with one card, `dedupe` off is not
    /// killed, because the bound refuses the second card dedupe would act on (2 states cut).
    static func world(_ scratch: Scratch, cards: Int) throws -> String {
        let text = try String(contentsOfFile: "Models/fleet-card-one-phone.json", encoding: .utf8)
        let tight = text.replacingOccurrences(of: "\"maxCardsPerDevice\": 3", with: "\"maxCardsPerDevice\": \(cards)")
            .replacingOccurrences(of: "\"worldBudget\": 3", with: "\"worldBudget\": 2")
        #expect(tight.contains("\"maxCardsPerDevice\": \(cards)") && tight.contains("\"worldBudget\": 2"))
        return scratch.file("cards-\(cards).json", tight)
    }

    @Test("mutants: a row whose guard-off run a bound cut names the cut, and the table explains it; no cut, no note")
    func table() throws {
        let scratch = Scratch()
        let tight = CapturedConsole()
        #expect(tight.run("mutants", try Self.world(scratch, cards: 1), "--only", "dedupe", "--threads", "1") == 1)
        #expect(tight.out.contains(
            "| dedupe | **NOT KILLED** | duplicate-card | - | - | - | - | default; bound cut: 2 states (maxCardsPerDevice) |"))
        #expect(tight.out.contains(BoundCutNote.footnote))
        // Raised, the bound hides nothing: the guard is killed and no row or line says "bound cut".
        let roomy = CapturedConsole()
        #expect(roomy.run("mutants", try Self.world(scratch, cards: 2), "--only", "dedupe", "--threads", "1") == 0)
        #expect(roomy.out.contains { $0.hasPrefix("| dedupe | duplicate-card | duplicate-card: shown |") })
        #expect(!roomy.out.contains { $0.contains("bound cut") })
    }

    @Test("the note under the table says a capacity of the model is fixed only when a row was cut by one")
    func fixedCapacityNote() {
        let bound = BoundCut(states: 2, refusals: [.init(bound: "maxCardsPerDevice", states: 2)])
        let capacity = BoundCut(states: 1, refusals: [.init(bound: "the model's token-list capacity (8 per list)", states: 1)])
        #expect(BoundCutNote.footnote([bound]) == BoundCutNote.footnote)
        #expect(BoundCutNote.footnote([bound, capacity]).hasSuffix("is fixed: no configuration raises it"))
        #expect(BoundCutNote.cell(capacity) == "bound cut: 1 state (the model's token-list capacity (8 per list))")
    }

    @Test("pr: a mutant job carries its guard-off run's cut into report.json and the guard's JUnit case")
    func ciJob() throws {
        let scratch = Scratch()
        let path = try Self.world(scratch, cards: 1)
        let ci = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [ { "configuration": "cards-1" } ], "simulate": [] },
              "nightly": { "check": [], "mutants": [], "simulate": [] } }
            """)
        let plan = try CIPlan(profile: "pr", CIProfiles.load(path: ci).pr, shards: 1, guards: { _ in ["dedupe"] })
        let unit = try #require(plan.units.first)
        let c = CapturedConsole()
        let context = CIUnitContext(
            threads: 1, out: scratch.path + "/out", checkpoint: nil, checkpointInterval: 300, stop: StopSignal(),
            seed: 1, models: scratch.path, console: c.console, stopReason: { nil })
        let job = try CIJobs.mutantAcrossWorlds(unit, worlds: [], first: try ConfigFile(path: path).open(), context)
        let cut = BoundCut(states: 2, refusals: [.init(bound: "maxCardsPerDevice", states: 2)])
        #expect(job.violated.isEmpty && job.boundCut == cut)
        let report = CIReport(profile: "pr", shards: ["1/1"], jobs: [job], baseline: Baseline(entries: []), final: true)
        let line = try #require(cut.line)
        #expect(report.junit().contains("""
                <testcase classname="mutant cards-1 dedupe" name="guard dedupe killed">
                  <failure type="guard-not-killed" message="guard dedupe not killed"/>
                  <system-out>\(line)</system-out>
            """))
        #expect(String(decoding: report.encoded(), as: UTF8.self).contains("\"boundCut\""))
        #expect(report.markdown().contains("- `mutant cards-1 dedupe`: \(line)"))
    }
}
