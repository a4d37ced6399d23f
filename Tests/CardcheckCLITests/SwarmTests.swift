import CIRun
import Foundation
import Testing
@testable import CardcheckCLI

/// Spin's swarm in the nightly: identical `simulate` entries (and `replicas`) are replicas of
/// one simulation, each its own unit and seed on any shard, merged into one job.
@Suite(.serialized) struct SwarmTests {
    static func profiles(_ scratch: Scratch) -> String {
        scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "die-hard"} ], "mutants": [],
                           "simulate": [ {"configuration": "flag-mutex", "depth": 40, "walks": 30},
                                         {"configuration": "flag-mutex", "depth": 40, "walks": 30},
                                         {"configuration": "flag-mutex", "depth": 40, "walks": 30, "replicas": 2} ],
                           "shards": 2 } }
            """)
    }

    @Test("identical simulate entries and replicas run as parts with their own seeds on any shard, and merge into one job")
    func replicasMergeIntoOneJob() throws {
        let scratch = Scratch()
        let profiles = Self.profiles(scratch)
        var reports: [String] = []
        var parts: [Int] = []
        for i in 1...2 {
            let out = scratch.path + "/shard-\(i)"
            let shard = try CIPipelineTests.cardcheck(["nightly", "--profiles", profiles, "--shard", "\(i)/2", "--seed", "9", "--out", out])
            #expect(shard.code == 0, "shard \(i)")
            reports.append(out + "/report.json")
            let jobs = try CIReport.load(path: out + "/report.json").jobs.filter { $0.kind == .simulate }
            #expect(jobs.count == 1 && jobs.allSatisfy { $0.parts == 4 })
            parts += jobs.flatMap(\.partsDone)
        }
        // Four replicas dealt across both shards, each with its own seed.
        #expect(parts.sorted() == [1, 2, 3, 4], "\(parts)")
        let plan = try CIPlan(profile: "nightly", try CIProfiles.load(path: profiles).nightly, shards: 2, guards: { _ in [] })
        let seeds = plan.units.filter { $0.kind == .simulate }.map { CIStories.seed(9, for: $0) }
        #expect(seeds.count == 4 && Set(seeds).count == 4, "\(seeds)")
        let merged = try CIPipelineTests.cardcheck(["merge"] + reports + ["--out", scratch.path + "/merged"])
        #expect(merged.code == 0)
        let report = try CIReport.load(path: scratch.path + "/merged/report.json")
        let swarm = try #require(report.jobs.first { $0.kind == .simulate })
        #expect(report.jobs.filter { $0.kind == .simulate }.count == 1)
        #expect(swarm.partsDone == [1, 2, 3, 4] && swarm.walks == 120 && swarm.walksAsked == 120)
        #expect(swarm.stopReason == "120 walks of up to 40 steps")
        #expect(swarm.properties.contains { $0.name == "mutual exclusion" && $0.verdict == .violated })
    }

    @Test("more than 1,000 replicas of one simulation in all is refused, naming the entry")
    func tooManyReplicasRefused() throws {
        let scratch = Scratch()
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1,
              "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [], "mutants": [],
                           "simulate": [ {"configuration": "flag-mutex", "depth": 40, "walks": 30, "replicas": 1000},
                                         {"configuration": "flag-mutex", "depth": 40, "walks": 30} ] } }
            """)
        let c = CapturedConsole()
        #expect(c.run("plan", "--profiles", profiles) == 2)
        #expect(c.err == ["cardcheck: \(profiles): nightly.simulate[1]: 1001 replicas of \"flag-mutex\" in all; at most 1000"])
    }
}
