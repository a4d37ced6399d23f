import Foundation
import Testing
@testable import CIRun

@Suite struct BaselineTests {
    @Test("a run whose violations are exactly the accepted ones passes")
    func exactMatchPasses() {
        let r = Fixtures.report([Fixtures.check()])
        #expect(r.passed)
        #expect(r.baseline == BaselineJudgement(accepted: 1, new: [], gone: []))
        #expect(r.jobs[0].properties[0].accepted == true)
    }

    @Test("a violation not in the baseline fails the run, named with its story")
    func newFindingFails() {
        let r = Fixtures.report([Fixtures.check(safe: .violated)])
        #expect(!r.passed)
        #expect(r.baseline.new == [FindingRef(configuration: "toy", property: "safe", story: "counterexamples/toy/safe.md")])
        #expect(r.baseline.gone.isEmpty)
        #expect(r.jobs[0].status == .fail)
        #expect(r.jobs[0].properties[1].accepted == false)
    }

    @Test("an accepted finding that no longer appears fails the run: a fixed hole must be acknowledged")
    func goneFindingFails() {
        let r = Fixtures.report([Fixtures.check(known: .holds)])
        #expect(!r.passed)
        #expect(r.baseline.gone == [FindingRef(configuration: "toy", property: "known hole", story: nil)])
        #expect(r.jobs[0].detail == "accepted finding \"known hole\" no longer appears")
    }

    @Test("a search that was not exhaustive cannot say a finding is gone, and fails as incomplete")
    func partialSearchIsNotGone() {
        let r = Fixtures.report([Fixtures.check(known: .holds, exhaustive: false)])
        #expect(r.baseline.gone.isEmpty)
        #expect(!r.passed)
        #expect(r.jobs[0].detail == "not exhaustive (time limit reached)")
    }

    @Test("a sometimes never reached fails; a mutant passes only when killed")
    func unreachedAndMutants() {
        #expect(!Fixtures.report([Fixtures.check(goal: .unreached)]).passed)
        #expect(Fixtures.report([Fixtures.check(), Fixtures.mutant("g", killed: true)]).passed)
        let r = Fixtures.report([Fixtures.check(), Fixtures.mutant("g", killed: false)])
        #expect(!r.passed)
        #expect(r.jobs.first { $0.kind == .mutant }?.detail == "guard g not killed")
    }

    @Test("the committed baseline reads, and a bad one is one line naming the file and key")
    func loading() throws {
        let baseline = try Baseline.load(path: Baseline.defaultPath)
        #expect(baseline.entry("fleet-card-one-phone", "zombie-card:idle-phone") != nil)
        #expect(baseline.entries.allSatisfy { !$0.reason.isEmpty && !$0.waitsOn.isEmpty })
        let bad = Data(#"{"format":"cardcheck-accepted-findings","version":1,"findings":[{"configuration":"a","property":"p","reason":"r","waitsOn":"w","extra":1}]}"#.utf8)
        #expect(throws: CIError("x.json: unknown key \"findings[0].extra\"")) { try Baseline.parse(bad, path: "x.json") }
        let twice = Data(#"{"format":"cardcheck-accepted-findings","version":1,"findings":[{"configuration":"a","property":"p","reason":"r","waitsOn":"w"},{"configuration":"a","property":"p","reason":"r","waitsOn":"w"}]}"#.utf8)
        #expect(throws: CIError("x.json: findings[1]: a \"p\" is listed twice")) { try Baseline.parse(twice, path: "x.json") }
        #expect(throws: CIError("x.json: not valid JSON: truncated (the document ends here)")) { try Baseline.parse(Data("{".utf8), path: "x.json") }
        // The strict reader's message, with its JSON path, as for a configuration.
        #expect(throws: CIError("x.json: not valid JSON: $.version: duplicate key")) {
            try Baseline.parse(Data(#"{"format":"cardcheck-accepted-findings","version":1,"version":1,"findings":[]}"#.utf8), path: "x.json")
        }
    }
}
