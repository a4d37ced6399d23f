import CIRun

/// `check --out DIR`: the check written as one job of a nightly report (`cardcheck merge`
/// folds it with the nightly's shards), by `cardcheck check` and `cardcheck-mpi check` alike.
struct CheckReportRequest {
    /// The report's folder, made (and its report files' places checked) before the search.
    let out: String
    /// The configuration file as given: its folder holds the baseline the job is judged against.
    let configurationPath: String
    /// The job's id (`job`).
    let job: String

    /// `check NAME`, and the flags given that change what is searched (the bounds, symmetry):
    /// a check at other bounds is another job than the nightly's own of NAME, and folds beside it.
    static func job(_ name: String, depth: Int?, worldBudget: Int?, symmetry: Bool) -> String {
        JobReport.id(.check, name, nil) + (depth.map { " --depth \($0)" } ?? "") + (worldBudget.map { " --budget \($0)" } ?? "")
            + (symmetry ? " --symmetry" : "")
    }
}
