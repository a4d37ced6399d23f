import CIRun
import Foundation

/// `cardcheck merge`: shard reports folded into one.
enum MergeCommand {
    static let help = """
        usage: cardcheck merge REPORT.json... [--out DIR] [--baseline FILE] [--story-base URL] [--models DIR]

        Folds the shard reports of one run (each shard's DIR/report.json) into one: the parts of
        a split configuration become one job (violated if any part violates, reached if any part
        reaches), judged again against the accepted-findings baseline. The same reports in any
        order give the same bytes. Story paths are made relative to the current directory, and
        --story-base URL goes in front of them in the summary, the JUnit and the annotations (the
        URL where the current directory's files are browsable, e.g. the uploaded artifact);
        without it they lead from DIR to the stories, so the summary's links open them.
        Outside the checkout, give --baseline (and --models, for the annotations' lines).
        Writes DIR/report.json, junit.xml, summary.md and annotations.txt (default DIR:
        cardcheck-merged) and prints the summary.
        Exit code: 0 pass, 1 a new finding, a gone finding, a failing, missing or cut-short job,
        2 bad input (a shard report that is not one this cardcheck wrote: its shard, parts or
        counts out of range), 4 the merged report not written.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "merge", options: ["--out", "--baseline", "--story-base", "--models"], flags: [])
        guard !args.positionals.isEmpty else {
            throw CommandError.arguments(command: "merge", expected: "one or more shard reports")
        }
        let baseline = try CIJobs.loadBaseline(args.string("--baseline"))
        var inputs: [(path: String, report: CIReport)] = []
        for path in args.positionals {
            do {
                var report = try CIReport.load(path: path)
                // A story path is relative to its report's directory; make it relative to here.
                let dir = (path as NSString).deletingLastPathComponent
                if !dir.isEmpty {
                    for j in report.jobs.indices {
                        for p in report.jobs[j].properties.indices {
                            report.jobs[j].properties[p].story = report.jobs[j].properties[p].story.map { dir + "/" + $0 }
                        }
                    }
                }
                inputs.append((path, report))
            } catch let error as CIError {
                throw CommandError(error.description)
            }
        }
        let merged: CIReport
        do {
            merged = try CIReport.merge(inputs, baseline: baseline)
        } catch let error as CIError {
            throw CommandError(error.description)
        }
        let out = try CIFiles.refuseSpecial(in: OutputDirectory.create(args.string("--out") ?? "cardcheck-merged"))
        // With no base given, a link is read from the summary's own folder: lead it back here.
        let storyBase = args.string("--story-base") ?? RelativePath.prefix(from: out, to: ".")
        try CIFiles.write(
            merged, to: out,
            storyBase: storyBase, baselinePath: args.string("--baseline"),
            models: args.string("--models") ?? "Models", console: console)
        return merged.passed ? 0 : 1
    }
}
