import Foundation
import Explorer
import Testing
@testable import CIRun

@Suite struct MergeTests {
    /// Three shard reports: parts 1 and 2 of `toy` split in 3, a mutant, and part 3.
    static func shards() -> [(path: String, report: CIReport)] {
        let a = Fixtures.report([Fixtures.check(known: .violated, part: 1, parts: 3, states: 11, knownSteps: 6)],
                                shards: ["1/3"], final: false)
        let b = Fixtures.report([Fixtures.check(known: .holds, goal: .unreached, part: 2, parts: 3, states: 13),
                                 Fixtures.mutant("g", killed: true)], shards: ["2/3"], final: false)
        let c = Fixtures.report([Fixtures.check(known: .violated, goal: .unreached, part: 3, parts: 3, states: 17, knownSteps: 4)],
                                shards: ["3/3"], final: false)
        return [("a.json", a), ("b.json", b), ("c.json", c)]
    }

    @Test("a shard holding only some parts of a configuration leaves its job partial, not failed")
    func partsArePartial() {
        let r = Self.shards()[0].report
        #expect(r.jobs[0].status == .partial)
        #expect(r.jobs[0].detail == "missing parts 2/3, 3/3")
        #expect(r.passed)
    }

    @Test("merge folds the parts: violated if any part violates (shortest kept), reached if any reaches")
    func folds() throws {
        let merged = try CIReport.merge(Self.shards(), baseline: Fixtures.baseline)
        #expect(merged.shards == ["1/3", "2/3", "3/3"])
        let job = try #require(merged.jobs.first { $0.kind == .check })
        #expect(job.partsDone == [1, 2, 3])
        #expect(job.distinctStates == 41)
        #expect(job.properties.map(\.verdict) == [.violated, .holds, .holds])
        #expect(job.properties[0].steps == 4)
        #expect(job.status == .pass)
        #expect(merged.passed)
    }

    @Test("merge gives the same bytes whatever the order of its inputs")
    func orderIndependent() throws {
        let s = Self.shards()
        let expected = try CIReport.merge(s, baseline: Fixtures.baseline).encoded()
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            #expect(try CIReport.merge(order.map { s[$0] }, baseline: Fixtures.baseline).encoded() == expected)
        }
    }

    @Test("a missing part fails the merged run; a part given twice is bad input")
    func missingAndDuplicate() throws {
        let s = Self.shards()
        let merged = try CIReport.merge([s[0], s[1]], baseline: Fixtures.baseline)
        #expect(!merged.passed)
        #expect(merged.jobs.first { $0.kind == .check }?.detail == "missing part 3/3")
        #expect(merged.missingShards == ["3/3"])
        #expect(merged.markdown().contains("**Missing shard reports:** 3/3"))
        #expect(throws: CIError("c.json: shard 1/3 appears in two reports")) {
            try CIReport.merge([s[0], ("c.json", s[0].report)], baseline: Fixtures.baseline)
        }
    }

    @Test("a shard cut short fails the merged run and is named, whatever else passed; CPU times add up by unit")
    func cutShortShard() throws {
        var s = Self.shards()
        s[1].report.cutShort = [ShardStop(shard: "2/3", reason: "time limit reached")]
        s[0].report.cpuMilliseconds = ["check toy part 1/3": 5]
        s[2].report.cpuMilliseconds = ["check toy part 3/3": 7]
        let merged = try CIReport.merge(s, baseline: Fixtures.baseline)
        #expect(merged.cutShort == [ShardStop(shard: "2/3", reason: "time limit reached")])
        #expect(!merged.passed)
        #expect(merged.markdown().contains("**Cut short:** 2/3 (time limit reached)."))
        #expect(merged.cpuMilliseconds == ["check toy part 1/3": 5, "check toy part 3/3": 7])
        #expect(merged.deterministic.cpuMilliseconds == nil)
        #expect(try CIReport.merge(Self.shards(), baseline: Fixtures.baseline).passed)
    }

    @Test("merge sums the bound cut of the parts, per bound, and the summary prints its line")
    func boundCut() throws {
        var s = Self.shards()
        s[0].report.jobs[0].boundCut = BoundCut(states: 3, refusals: [.init(bound: "maxPostsInFlight", states: 3)])
        s[2].report.jobs[0].boundCut = BoundCut(states: 2, refusals: [
            .init(bound: "maxPostsInFlight", states: 1), .init(bound: "maxCardsPerDevice", states: 2),
        ])
        let merged = try CIReport.merge(s, baseline: Fixtures.baseline)
        let job = try #require(merged.jobs.first { $0.kind == .check })
        #expect(job.boundCut == BoundCut(states: 5, refusals: [
            .init(bound: "maxCardsPerDevice", states: 2), .init(bound: "maxPostsInFlight", states: 4),
        ]))
        #expect(merged.markdown().contains("- `check toy`: bound cut: 5 states not judged at quiescence: a system step was "
            + "refused by maxPostsInFlight in 4, maxCardsPerDevice in 2 (raise them to look past)"))
        #expect(merged.jobs.first { $0.kind == .mutant }?.boundCut == nil)
        // None cut: no key in the JSON, no line in the summary.
        let plain = try CIReport.merge(Self.shards(), baseline: Fixtures.baseline)
        #expect(!String(decoding: plain.encoded(), as: UTF8.self).contains("boundCut"))
        #expect(!plain.markdown().contains("bound cut"))
    }

    @Test("a report survives its own JSON: encode, load, same value")
    func roundTrip() throws {
        let r = try CIReport.merge(Self.shards(), baseline: Fixtures.baseline)
        let path = NSTemporaryDirectory() + "cardcheck-report-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try r.encoded().write(to: URL(fileURLWithPath: path))
        #expect(try CIReport.load(path: path) == r)
    }

    @Test("a part that never ran folds in as cut short, and the job fails as such")
    func notRunPart() throws {
        var notRun = Fixtures.check(part: 2, parts: 2)
        notRun.properties = []
        notRun.exhaustive = false
        notRun.stopReason = "not run (interrupted)"
        let folded = try CIReport.fold(Fixtures.check(part: 1, parts: 2), notRun, path: "x")
        #expect(folded.partsDone == [1, 2])
        #expect(folded.properties.count == 3)
        let r = Fixtures.report([folded])
        #expect(!r.passed)
        #expect(r.jobs[0].detail == "not exhaustive (not run (interrupted))")
    }
}

extension MergeTests {
    /// The fixtures above violate in part 1; here only a later part does, in either input order.
    @Test("a property violated only in a later part is violated after merge, and fails the run when not accepted")
    func violatedInLaterPartOnly() throws {
        let first = Fixtures.report([Fixtures.check(part: 1, parts: 3)], shards: ["1/3"], final: false)
        let second = Fixtures.report([Fixtures.check(safe: .violated, part: 2, parts: 3)], shards: ["2/3"], final: false)
        let third = Fixtures.report([Fixtures.check(part: 3, parts: 3)], shards: ["3/3"], final: false)
        let shards = [("a.json", first), ("b.json", second), ("c.json", third)]
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2]] {
            let merged = try CIReport.merge(order.map { shards[$0] }, baseline: Fixtures.baseline)
            let job = try #require(merged.jobs.first)
            #expect(job.properties.map(\.verdict) == [.violated, .violated, .holds], "\(order)")
            #expect(job.properties[1].steps == 3)
            #expect(!merged.passed)
            #expect(merged.baseline.new.map(\.property) == ["safe"])
        }
        // The same for a fold of two parts directly: the later part's violation wins over holds.
        let folded = try CIReport.fold(Fixtures.check(part: 1, parts: 2), Fixtures.check(safe: .violated, part: 2, parts: 2), path: "x")
        #expect(folded.properties[1].verdict == .violated)
        let reversed = try CIReport.fold(Fixtures.check(safe: .violated, part: 2, parts: 2), Fixtures.check(part: 1, parts: 2), path: "x")
        #expect(reversed.properties[1].verdict == .violated)
    }
}
