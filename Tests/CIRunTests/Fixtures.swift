@testable import CIRun

/// Small hand-made jobs and a baseline, so the judge, merge and writers are tested without a search.
enum Fixtures {
    static let baseline = Baseline(entries: [
        .init(configuration: "toy", property: "known hole", reason: "documented", waitsOn: "a fix"),
    ])

    static func property(_ name: String, _ verdict: PropertyReport.Verdict, steps: Int? = nil, kind: String = "always")
        -> PropertyReport
    {
        PropertyReport(name: name, kind: kind, verdict: verdict, steps: steps,
                       story: verdict == .violated ? "counterexamples/toy/\(name.replacingOccurrences(of: " ", with: "-")).md" : nil)
    }

    /// A check of configuration `toy`: `known hole` violated (accepted), `safe` holding, unless told otherwise.
    static func check(
        known: PropertyReport.Verdict = .violated, safe: PropertyReport.Verdict = .holds, goal: PropertyReport.Verdict = .holds,
        part: Int = 1, parts: Int = 1, states: Int = 10, exhaustive: Bool = true, knownSteps: Int = 4
    ) -> JobReport {
        JobReport(
            kind: .check, configuration: "toy", model: "toy-model", parts: parts, partsDone: [part],
            splitLevel: parts > 1 ? 3 : nil, exhaustive: exhaustive, stopReason: exhaustive ? "frontier emptied" : "time limit reached",
            distinctStates: states, transitions: states * 2, depthReached: 7,
            properties: [
                property("known hole", known, steps: known == .violated ? knownSteps : nil),
                property("safe", safe, steps: safe == .violated ? 3 : nil),
                property("goal", goal, steps: goal == .holds ? 2 : nil, kind: "sometimes"),
            ])
    }

    static func mutant(_ guardName: String, killed: Bool) -> JobReport {
        JobReport(
            kind: .mutant, configuration: "toy", model: "toy-model", guardName: guardName, exhaustive: true,
            stopReason: "frontier emptied", distinctStates: 5, transitions: 9, depthReached: 4,
            properties: killed ? [property("safe", .violated, steps: 3)] : [])
    }

    static func report(_ jobs: [JobReport], shards: [String] = ["1/1"], final: Bool = true) -> CIReport {
        CIReport(profile: "nightly", shards: shards, jobs: jobs, baseline: baseline, final: final)
    }
}
