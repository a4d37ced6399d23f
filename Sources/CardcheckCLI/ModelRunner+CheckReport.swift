import CIRun
import Explorer
import Foundation

extension ModelRunner {
    /// `check --out`: the search of `model` as one job of a nightly report, judged against the
    /// baseline beside the configuration (none: an empty one), written as `nightly` writes its
    /// files. No CPU time is recorded: the files are the same on one process and on N ranks.
    func writeReport(
        _ wanted: CheckReportRequest, _ report: SearchReport<M>, model: M, exhaustive: Bool, stopReason: String,
        console: Console
    ) throws {
        let unit = CIPlan.Unit.check(CIJobs.stem(wanted.configurationPath))
        var job = try checkJob(report, model: model, unit: unit, exhaustive: exhaustive, stopReason: stopReason, out: wanted.out)
        job.id = wanted.job
        let folder = CIJobs.folder(wanted.configurationPath)
        let baselinePath = folder + "/accepted-findings.json"
        let baseline = FileManager.default.fileExists(atPath: baselinePath) ? try CIJobs.loadBaseline(baselinePath) : Baseline(entries: [])
        let judged = CIReport(profile: "nightly", shards: [], jobs: [job], baseline: baseline, final: true)
        try CIFiles.write(
            judged, to: wanted.out, storyRoot: wanted.out + "/", baselinePath: baselinePath, models: folder, console: console,
            summary: false)
    }
}
