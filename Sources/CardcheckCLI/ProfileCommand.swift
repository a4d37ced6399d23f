import CIRun
import Explorer
import Foundation

/// `cardcheck pr` and `cardcheck nightly`: a CI profile's jobs (or one shard of them), judged
/// against the accepted-findings baseline, written as a JSON report, JUnit and a Markdown summary.
enum ProfileCommand {
    static let prHelp = """
        usage: cardcheck pr [--out DIR] [--threads N] [--time-limit S] [--profiles FILE] [--baseline FILE]
                          [--models DIR] [--story-base URL]

        What a pull request runs (Models/ci.json, "pr"): each PR configuration checked at its
        bounds, and each guard's mutant of the PR configurations, so a change that weakens a
        guard fails. Violations are judged against the accepted findings
        (Models/accepted-findings.json): a violation not in it fails, and so does an accepted
        finding that no longer appears. Writes DIR/report.json, junit.xml, summary.md,
        annotations.txt (GitHub ::error lines) and the counterexamples (default DIR: cardcheck-pr)
        and prints the summary. --story-base URL goes in front of each story's path in the
        summary, the JUnit and the annotations (where the uploaded DIR is browsable).
        Exit code: 0 pass, 1 a new or gone finding, an unreached property, a search cut short
        or a guard not killed, 2 bad input, 3 stopped by --time-limit, 4 a report, story,
        checkpoint or done marker not written (after the report, when it could be), 130/143
        interrupted by SIGINT/SIGTERM (the partial report is written in all three cases, the
        jobs cut short failing it).
        """
    static let nightlyHelp = """
        usage: cardcheck nightly [--shard I/N] [--out DIR] [--threads N] [--time-limit S] [--checkpoint DIR]
                                 [--checkpoint-interval S] [--seed N] [--profiles FILE] [--baseline FILE]
                                 [--models DIR] [--story-base URL] [--timings REPORT.json]

        The nightly matrix (Models/ci.json, "nightly"): every configuration checked (a split one
        in parts, each part exploring below its share of one level's states), every guard's
        mutant, then seeded simulations past the bound. --shard I/N runs shard I of the plan
        `cardcheck plan --shards N` prints; `cardcheck merge` folds the shards' reports.
        --checkpoint DIR writes each search's checkpoint there every S seconds (default 300) and
        resumes from it when the same command runs again (after a kill); a damaged checkpoint is
        refused, and a finished unit is kept only if its configuration is unchanged. --seed
        fixes the simulations' seed, decimal or 0x… (default: fresh, printed on stderr; each
        simulation job's own seed is in the report, for `cardcheck simulate --seed`). --timings
        deals the shards by the CPU each unit took in that report (give the plan the same file).
        Writes DIR/report.json, junit.xml, summary.md, annotations.txt and the counterexamples
        (default DIR: cardcheck-nightly).
        Exit code: as `cardcheck pr`; a shard's split jobs are judged only by `merge`.
        """

    static func run(_ profile: String, _ arguments: [String], console: Console) throws -> Int32 {
        let nightly = profile == "nightly"
        let args = try Arguments(
            arguments, command: profile,
            options: ["--out", "--threads", "--profiles", "--baseline", "--models", "--time-limit", "--story-base"]
                + (nightly ? ["--shard", "--checkpoint", "--checkpoint-interval", "--seed", "--timings"] : []),
            flags: [])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: profile, expected: "no file") }
        // Every flag is read before anything is created or run: bad input leaves no folder.
        let shard: (index: Int, count: Int) = try args.string("--shard").map(CIFiles.shard) ?? (1, 1)
        let threads = try CheckCommand.threads(args)
        let timeLimit = try args.integer("--time-limit", in: 1...1_000_000)
        let interval = try args.nonNegative("--checkpoint-interval")
        if interval != nil && args.string("--checkpoint") == nil {
            throw CommandError.onlyWith("--checkpoint-interval", "--checkpoint")
        }
        let seed = try args.seed() ?? CIJobs.freshSeed()
        let profiles = try PlanCommand.loadProfiles(args.string("--profiles"))
        let baseline = try CIJobs.loadBaseline(args.string("--baseline"))
        let modelsDir = args.string("--models") ?? "Models"
        let profilesPath = args.string("--profiles") ?? CIProfiles.defaultPath
        let chosen = nightly ? profiles.nightly : profiles.pr
        let plan = try CIPlan(
            profile: profile, chosen, shards: shard.count,
            timings: try PlanCommand.loadTimings(args.string("--timings")),
            guards: { try CIJobs.profileGuards($0, chosen, profile, profiles: profilesPath, models: modelsDir) })
        let units = plan.units(ofShard: shard.index)
        // Every configuration opens before anything runs: bad input costs no search.
        var opened: [String: RunnableModel] = [:]
        for name in units.flatMap({ [$0.configuration] + ($0.worlds ?? []) }) where opened[name] == nil {
            opened[name] = try CIJobs.inProfile(profilesPath, chosen.place(of: name, in: profile) ?? "$.\(profile)") {
                try ConfigFile(path: CIJobs.path(name, models: modelsDir)).open()
            }
        }
        let models = units.map { unit in (unit.worlds ?? []).compactMap { opened[$0] } }
        // A damaged checkpoint is refused (and left as it is) before any folder is made.
        if let directory = args.string("--checkpoint") { try refuseDamagedCheckpoints(units, in: directory) }
        let out = try CIFiles.refuseSpecial(in: OutputDirectory.create(args.string("--out") ?? "cardcheck-\(profile)"))
        let checkpoint = try args.string("--checkpoint").map(OutputDirectory.create)
        if nightly { console.error("  seed \(seed) (0x\(String(seed, radix: 16))): --seed \(seed) runs these simulations again") }
        let runStop = RunStop()
        let stop = runStop.signal
        let context = CIUnitContext(
            threads: threads, out: out, checkpoint: checkpoint, checkpointInterval: Double(interval ?? 300), stop: stop,
            seed: seed, models: modelsDir, console: console, stopReason: { runStop.reasonText })

        var jobs: [String: JobReport] = [:]
        var cpu: [String: Int] = [:]
        var failure: Error?
        runStop.during(timeLimit: timeLimit) {
          do {
            for (i, (unit, worlds)) in zip(units, models).enumerated() {
                let name = JobReport.id(unit.kind, unit.configuration, unit.guardName)
                    + (unit.parts > 1 ? " part \(unit.part)/\(unit.parts)" : "")
                let identity = CIJobs.identity(unit, models: modelsDir, seed: seed)
                var job: JobReport
                if stop.isRaised {
                    job = CIJobs.notRun(unit, model: "-", reason: runStop.reasonText ?? "interrupted")
                } else if let done = CIJobs.finished(unit, identity: identity, in: checkpoint) {
                    console.error("[\(i + 1)/\(units.count)] \(name): finished before, kept")
                    job = done
                } else {
                    console.error("[\(i + 1)/\(units.count)] \(name)")
                    let start = CPUClock.milliseconds()
                    job = try CIJobs.mutantAcrossWorlds(unit, worlds: worlds, first: opened[unit.configuration], context)
                    // A unit cut short took more than it shows: only finished ones weigh tomorrow's plan.
                    if job.finished { cpu[unit.name] = max(0, CPUClock.milliseconds() - start) }
                    // A shard started again (after a kill) skips what it had finished.
                    if !stop.isRaised, let error = CIJobs.keep(job, of: unit, identity: identity, in: checkpoint) {
                        context.problems.note(error.description)
                    }
                }
                if let earlier = jobs[job.id] {
                    do { job = try CIReport.fold(earlier, job, path: name) } catch let e as CIError { throw CommandError(e.description) }
                }
                jobs[job.id] = job
            }
          } catch {
            failure = error
          }
        }
        if let failure { throw failure }
        var report = CIReport(
            profile: profile, shards: ["\(shard.index)/\(shard.count)"], jobs: Array(jobs.values), baseline: baseline,
            final: shard.count == 1)
        report.cpuMilliseconds = cpu.isEmpty ? nil : cpu
        // Stopped by a limit or a signal before every unit finished: the shard is cut short.
        if stop.isRaised && jobs.values.contains(where: { !$0.finished }) {
            report.result = "fail"
            report.cutShort = [ShardStop(shard: "\(shard.index)/\(shard.count)", reason: runStop.reasonText ?? "interrupted")]
        }
        try CIFiles.write(
            report, to: out, storyBase: args.string("--story-base") ?? "", storyRoot: out + "/",
            baselinePath: args.string("--baseline"), models: modelsDir, console: console)
        // The shard is done: the next run (tomorrow's) must not take these results as its own.
        if !stop.isRaised, let checkpoint {
            for unit in units { try? FileManager.default.removeItem(atPath: CIJobs.donePath(unit, in: checkpoint)) }
        }
        AtomicFile.sweep(out)
        if let checkpoint { AtomicFile.sweep(checkpoint) }
        // A checkpoint or done marker not written: the results stand, but a rerun would not resume.
        if let problem = context.problems.first {
            console.error("cardcheck: " + problem)
            return ExitCode.outputFailed
        }
        if let code = runStop.exitCode { return code }
        return report.passed ? 0 : 1
    }

    /// Refuses (one line, exit 2) a checkpoint file of this shard that is damaged, or a place
    /// of one (or of a done marker) taken by something not a regular file, before anything
    /// runs; the file is left as it is. Whether it fits its search is checked when that search
    /// starts.
    static func refuseDamagedCheckpoints(_ units: [CIPlan.Unit], in directory: String) throws {
        for unit in units {
            let stem = directory + "/" + CIStories.slug(unit)
            try OutputFile.refuseSpecial(CIJobs.donePath(unit, in: directory))
            _ = try CIJobs.DoneMarker.read(CIJobs.donePath(unit, in: directory))
            for path in [stem + ".checkpoint", stem + "-baseline.checkpoint", stem + "-mutant.checkpoint"] {
                try OutputFile.refuseSpecial(path)
                if let problem = CheckpointFile.problem(at: path) { throw CommandError(problem.description) }
            }
        }
    }
}
