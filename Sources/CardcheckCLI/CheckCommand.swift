import Explorer
import Foundation

/// `cardcheck check CONFIG.json`: the exhaustive bounded search, the same for every model.
enum CheckCommand {
    /// More worker threads than this only add overhead (and a huge count would never start).
    static let maxThreads = 64

    static let help = """
        usage: cardcheck check CONFIG.json [options]   (options before or after the file;
                                                        --flag value or --flag=value)

        Explores every behaviour of the model CONFIG.json names, breadth-first, to the depth
        bound and world-action budget, and reports each property with a shortest, minimized
        counterexample. A violation listed for this configuration in the accepted-findings
        baseline beside it (Models/accepted-findings.json for Models/*.json) is reported as
        expected, with its reason.
        Exit code: 0 every property holds or is an expected finding and every "sometimes" is
        reached; 1 otherwise; 2 bad input; 3 stopped by --max-states, --time-limit, --memory or
        --stop-at-first before the bounds were covered (partial report, NOT exhaustive), or
        before --count was added up;
        4 the output could not be written; 130 Ctrl-C, 143 SIGTERM (partial report).

        options:
          --depth N          depth bound (steps per behaviour); default: the configuration's;
                             the same legal range as in the file (fleet-card: 1-200)
          --budget N         world actions per behaviour; default: the configuration's
                             (fleet-card: 0-12)
          --threads N        worker threads, 1-64 (default: all cores); results do not depend on it
          --max-states N     stop after about N distinct states (partial report). The check is
                             made every 1,024 frontier states, so a run may store up to their
                             successors past N; where it stops does not depend on --threads or
                             timing (the other limits and signals stop when they happen)
          --time-limit S     stop after S seconds (partial report)
          --memory MB        stop with a partial report once the process holds MB megabytes
                             (default: three quarters of MemTotal in /proc/meminfo, or of the
                             container's cgroup memory.max when lower), rather than being
                             killed by the kernel with nothing printed
          --spill DIR        past --memory, keep the levels (the frontier and the next level),
                             the parent links and the visited set in scratch files in DIR
                             instead of stopping (TLC's disk queue and disk fingerprint set:
                             the visited set's tables are merged into sorted runs on disk
                             each time the process is past --memory again); the answer is
                             the same. Not with --count, whose visited set keeps node ids
                             (its levels still spill). The run stops with a partial report
                             when the process reaches the machine's limit (the --memory
                             default) or --memory, whichever is higher. Without --memory,
                             spilling starts at half that limit. The files are unlinked when
                             opened: nothing is left behind, even after a kill.
                             cardcheck-mpi: each rank spills its own visited keys and
                             parent links to DIR past --memory (its levels stay in memory);
                             the spill line sums the ranks'; not with --checkpoint
          --stop-at-first    stop after the level where the first violation is found
          --symmetry         count states that differ only by interchangeable actors once
                             (fleet-card: phones of the same APNs environment); verdicts and
                             shortest counterexample lengths are those of the full search
          --count            also count behaviours (action sequences of length ≤ the depth
                             bound) exactly, from the transitions the search takes, with no
                             second pass. Memory: 4 bytes per transition, plus per state 2,
                             4 per visited-set slot and, while adding up, 16 per 64 bits of
                             the largest count (fleet-card default: +20 MiB in all, about
                             12 bytes per transition, +9% CPU).
                             Small models also count, per property, those that break it (a
                             flag per state and property); fleet-card: the total only. A
                             search stopped before its bounds says the count is not available
          --save DIR         write each counterexample to DIR as JSON (for `cardcheck replay`)
          --write DIR        as --save, plus a Markdown story beside each (models with stories)
          --out DIR          also write the check as one job of a nightly report, as
                             `cardcheck nightly` writes them: DIR/report.json, junit.xml,
                             summary.md, annotations.txt and each counterexample's story under
                             DIR/counterexamples/, judged against the accepted findings beside
                             CONFIG.json; `cardcheck merge` folds it with the nightly's shard
                             reports. The job is "check NAME" (NAME: the file's stem), with
                             the flags that change what is searched when given ("check NAME
                             --budget 3"), so it folds beside the nightly's own check of NAME.
                             The same bytes from `cardcheck-mpi check` on any number of ranks.
          --checkpoint DIR   cardcheck-mpi only: each rank writes its part of the search to
                             DIR at a level boundary every --checkpoint-interval S seconds
                             (default 300; 0: every level), NAME.rank-R-of-N.level-D.checkpoint,
                             and a job started again with the same command (after a kill)
                             resumes from the last level every rank wrote, with the report an
                             uninterrupted job prints; a damaged checkpoint, or one of another
                             number of ranks, is refused (exit 2); removed once the search
                             covered its bounds
          --progress         progress on stderr even when it is not a terminal
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        try run(arguments, console: console, gate: nil)
    }

    /// `check`, searching over `gate`'s ranks when one is given (`cardcheck-mpi`).
    static func run(_ arguments: [String], console: Console, gate: RankGate?) throws -> Int32 {
        let fabric = gate?.fabric
        let args = try Arguments(
            arguments, command: "check",
            options: [
                "--depth", "--budget", "--threads", "--max-states", "--time-limit", "--memory", "--save", "--write",
                "--spill", "--out", "--checkpoint", "--checkpoint-interval",
            ],
            flags: ["--stop-at-first", "--count", "--progress", "--symmetry"])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "check", expected: "one configuration file")
        }
        let file = try ConfigFile(path: args.positionals[0])
        var request = CheckRequest()
        request.depth = try args.integer("--depth", in: file.entry.ranges.depth)
        request.worldBudget = try args.integer("--budget", in: file.entry.ranges.worldBudget)
        request.threads = try threads(args)
        request.maxStates = try args.integer("--max-states", in: 1...SearchOptions.stateCapacity)
        request.timeLimit = try args.integer("--time-limit", in: 1...1_000_000)
        request.memoryLimit = try memoryLimit(args)
        if let directory = args.string("--spill") {
            if fabric != nil && args.string("--checkpoint") != nil {
                throw CommandError.notWith("--spill", "--checkpoint (a rank's checkpoint holds its visited set, which --spill moves to disk)")
            }
            if let problem = SearchSpilling.problem(directory: directory) { throw CommandError(problem) }
            // Spill past --memory (or half the machine's limit); stop only at the machine's limit.
            let given = args.string("--memory") != nil ? request.memoryLimit : nil
            request.spill = SearchSpilling(directory: directory, afterBytes: given ?? ResidentMemory.defaultLimit / 2)
            request.memoryLimit = max(ResidentMemory.defaultLimit, given ?? 0)
        }
        let interval = try args.nonNegative("--checkpoint-interval")
        if interval != nil && args.string("--checkpoint") == nil { throw CommandError.onlyWith("--checkpoint-interval", "--checkpoint") }
        if args.string("--checkpoint") != nil && fabric == nil {
            throw CommandError("--checkpoint is for cardcheck-mpi check (a single process checkpoints in cardcheck nightly --checkpoint)")
        }
        request.stopAtFirstViolation = args.has("--stop-at-first")
        request.symmetry = args.has("--symmetry")
        request.count = args.has("--count")
        if fabric != nil && request.count { throw CommandError.distributedCount }
        request.gate = gate
        request.progress = args.has("--progress")
        request.accepted = try CIJobs.accepted(forConfiguration: file.path)
        let model = try file.open()
        request.stories = args.string("--write") != nil
        request.saveDirectory = try (args.string("--write") ?? args.string("--save")).map(OutputDirectory.create)
        if let directory = args.string("--checkpoint") {
            request.checkpoint = SearchCheckpointing(
                path: try OutputDirectory.create(directory) + "/" + CIJobs.stem(file.path), interval: Double(interval ?? 300))
        }
        if let out = args.string("--out") {
            request.report = CheckReportRequest(
                out: try CIFiles.refuseSpecial(in: OutputDirectory.create(out)), configurationPath: file.path,
                job: CheckReportRequest.job(
                    CIJobs.stem(file.path), depth: request.depth, worldBudget: request.worldBudget, symmetry: request.symmetry))
        }
        return try model.check(request, console)
    }

    /// `--memory MB` in bytes, 16 MB to 16 TB; default: most of the machine.
    static func memoryLimit(_ args: Arguments) throws -> Int {
        try args.integer("--memory", in: 16...16_000_000).map { $0 * 1_000_000 } ?? ResidentMemory.defaultLimit
    }

    /// `--threads`, 1 to `maxThreads`; default: the cores, within the same cap.
    /// The largest `--max-states` (the search's 40-bit node ids).
    static var stateCapacity: Int { SearchOptions.stateCapacity }

    static func threads(_ args: Arguments) throws -> Int {
        try args.integer("--threads", in: 1...maxThreads)
            ?? min(maxThreads, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }
}
