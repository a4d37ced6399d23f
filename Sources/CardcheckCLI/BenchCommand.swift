import CIRun
import Explorer
import FleetModel
import Foundation

/// `cardcheck bench`: the explorer's speed on a fixed set of models, each search measured in a
/// fresh child process (`bench --run`), so no figure carries the memory of the runs before it;
/// each row beside a recorded reference build, a baseline binary run in turn with it, and Spin.
enum BenchCommand {
    static let help = """
        usage: cardcheck bench [--repeat R] [--threads N] [--fleet-only] [--fleet CONFIG.json]
                               [--only MODEL,...] [--reference FILE] [--baseline CARDCHECK] [--no-spin]
                               [--record FILE --build TEXT]
               cardcheck bench --run MODEL [--threads N] [--fleet CONFIG.json]

        Explores a fixed set of models (two-phase commit with 7 and 8 resource managers, the
        flag mutex with 9 processes, and the fleet card's default configuration,
        Models/fleet-card.json, or CONFIG.json) once single-threaded and once with N threads
        (default 2), R times each (default 3, best time kept), and prints distinct states/s,
        ns per state, bytes per visited state (fingerprint table; the parent link adds 6),
        peak bytes per state (the process's peak resident memory during the run over the
        distinct states, single-threaded, then the same less the resident memory the process
        had before the run, then with N threads), the speed-up, and the CPU time the threads used over
        the single thread's (the speed-up can reach at most N / that ratio). Each run is its
        own process (this executable with --run), so each figure comes from a fresh process;
        a thread count's figures are those of its fastest run. Build with -c release; other
        processes on the machine lower the figures. Ctrl-C or SIGTERM stops the bench and its
        running search (exit 130 / 143); a run of this build or Spin that fails stops it with
        one line (exit 2).

        --only names the rows to run (MODEL as for --run, separated by commas).

        Each row ends with this build's single-threaded rate over a reference's: the recorded
        figures of a reference build (--reference FILE, default Benchmarks/reference.json when
        it exists; strictly read and checksummed), and with --baseline CARDCHECK another build
        run R times in turn with this one, as 'CARDCHECK check CONFIG --threads 1' (the rows'
        configurations are in Benchmarks/); a reference exploring other states is not compared,
        nor a row the baseline cannot run or whose report it cannot read (a line after the
        table says why; an older build may not read today's fleet configuration).
        Where spin and a C compiler are on PATH (with the two-phase-commit-8 row, not --no-spin), Spin
        runs two-phase commit's Promela twin (Benchmarks/two-phase-commit.pml, 8 managers, the
        same 1,745,408 states), -DSAFETY -DNOREDUCE and with -DHC4, pan -w26, each variant once
        after each of cardcheck's R single-threaded runs (so both are measured in the same
        minutes), and the bench prints cardcheck's fastest single-threaded rate over each
        variant's fastest. --record FILE writes the
        single-threaded figures of this run (the baseline's, with --baseline) as a reference
        file, --build TEXT (one line) naming the build measured; the file is tried before any
        run (exit 4 if it cannot be written; exit 2 if it is a device, FIFO or directory), and
        written whole or not at all: a row the baseline gave no figures for writes nothing (exit 4).

        --run MODEL runs one search (MODEL: two-phase-commit-7, two-phase-commit-8,
        flag-mutex-9, fleet) with N threads (default 1) in this process and prints one line:
        cardcheck-bench-run states=S seconds=T cpu=C visited-bytes=B peak=P growth=G
        (seconds of the search, CPU seconds of all threads, bytes of the visited set, the peak
        resident bytes, and the same less the resident bytes before the search).
        """

    /// The Promela model Spin runs, and its manager count (the `two-phase-commit-8` row's).
    static let spinModel = "Benchmarks/two-phase-commit.pml"
    static let spinRow = "two-phase-commit-8"

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        try run(arguments, console: console, executable: BenchChild.executable)
    }

    /// `executable` is what runs each search (`executable bench --run ...`); tests name the
    /// built `cardcheck`, since their own process is the test runner.
    static func run(_ arguments: [String], console: Console, executable: String) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "bench",
            options: ["--repeat", "--threads", "--fleet", "--run", "--reference", "--baseline", "--record", "--build", "--only"],
            flags: ["--fleet-only", "--no-spin"])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "bench", expected: "no file") }
        let fleetPath = args.string("--fleet") ?? "Models/fleet-card.json"
        if let name = args.string("--run") {
            for flag in ["--repeat", "--reference", "--baseline", "--record", "--build", "--only"] where args.string(flag) != nil {
                throw CommandError.notWith(flag, "--run")
            }
            for flag in ["--fleet-only", "--no-spin"] where args.has(flag) { throw CommandError.notWith(flag, "--run") }
            guard let model = BenchModel.named(name) else { throw CommandError.unknownBenchModel(name) }
            if model.name != "fleet" && args.string("--fleet") != nil { throw CommandError.onlyWith("--fleet", "--run fleet") }
            let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 1
            console.print(try model.measure(threads, fleetPath).line)
            return 0
        }
        let repeats = try args.positive("--repeat") ?? 3
        let threads = try args.integer("--threads", in: 1...CheckCommand.maxThreads) ?? 2
        let record = args.string("--record")
        if record != nil && args.string("--build") == nil { throw CommandError.onlyWith("--record", "--build TEXT") }
        if record == nil && args.string("--build") != nil { throw CommandError.onlyWith("--build", "--record FILE") }
        // The build's text is one line of the reference file and of every later bench's header.
        if let build = args.string("--build"), build.isEmpty || build.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw CommandError("--build must be one line of text (no newline or other control character), got '\(StrictJSON.shortened(build))'")
        }
        if let record { _ = try OutputFile.check(record, flag: "--record") }
        _ = try FleetConfig.load(path: fleetPath)  // a bad file: one line before any run
        let referencePath = args.string("--reference")
            ?? (FileManager.default.fileExists(atPath: BenchReference.defaultPath) ? BenchReference.defaultPath : nil)
        let reference = try referencePath.map { path in
            do { return try BenchReference.load(path: path, models: BenchModel.all.map(\.name)) } catch let e as CIError {
                throw CommandError(e.description)
            }
        }
        let baseline = try args.string("--baseline").map { path in
            // A directory has its x bit too: only a regular file (or a link to one) is a build.
            guard AtomicFile.notRegular(path) == nil, FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandError.notExecutable("--baseline", path)
            }
            return BenchBaseline(executable: path)
        }
        var models = args.has("--fleet-only") ? BenchModel.all.filter { $0.name == "fleet" } : BenchModel.all
        if let only = args.string("--only") {
            if args.has("--fleet-only") { throw CommandError.notWith("--only", "--fleet-only") }
            let names = only.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty) else { throw CommandError.emptyNameList("--only", "model", only) }
            for name in names where BenchModel.named(name) == nil { throw CommandError.unknownBenchModel(name, flag: "--only") }
            models = BenchModel.all.filter { names.contains($0.name) }
        }
        let spinWanted = !args.has("--no-spin") && models.contains { $0.name == spinRow }
        let spin = spinWanted ? BenchSpin.installed(model: spinModel, managers: 8) : nil

        if let reference { console.print("reference: \(reference.build) (\(reference.measured); \(referencePath ?? ""))") }
        if let baseline { console.print("baseline: \(baseline.executable), run in turn with this build") }
        console.print(header(threads))
        var table = BenchTable(repeats: repeats, threads: threads, fleetPath: fleetPath, executable: executable)
        let stop = RunStop()
        let finished = try stop.during { Result { () throws -> Bool in
            for model in models {
                let measured: BenchTable.Row?
                if model.name == spinRow, let spin {
                    measured = try spin.withVerifiers(stop: stop) { run in
                        try table.measure(model, baseline: baseline, spin: spin, spinRun: run, stop: stop)
                    }
                } else {
                    measured = try table.measure(model, baseline: baseline, stop: stop)
                }
                guard let row = measured else { return false }
                console.print(Self.row(model.label, row, reference: reference?.row(model.name)))
                if model.name == spinRow, let spin {
                    for line in BenchTable.spinLines(spin, beside: row) { console.print(line) }
                }
            }
            return true
        } }.get()
        for note in table.notes { console.print(note) }
        if spin == nil && spinWanted {
            console.print("spin: not on PATH (Debian's package spin) with a C compiler: no Spin comparison")
        }
        console.print("(\(ProcessInfo.processInfo.activeProcessorCount) cores; machine load at start: \(loadAverage()))")
        if !finished {
            console.print("stopped: \(stop.reasonText ?? "interrupted"); the rows above are complete, the rest was not run")
            return stop.exitCode ?? ExitCode.interrupted
        }
        if let record, let build = args.string("--build") {
            let recorded = table.reference(build: build, from: baseline != nil ? .baseline : .this)
            // A reference is recorded whole: a row the baseline did not run would read as one
            // the reference build never had, and replace the committed figures with fewer.
            guard !recorded.rows.isEmpty, recorded.rows.count == table.measured.count else {
                throw OutputError("\(record): not recorded: the baseline gave figures for \(recorded.rows.count) of the \(table.measured.count) rows run (see the lines above); a reference is recorded whole or not at all")
            }
            try OutputError.write(Data(recorded.text.utf8), to: record)
            console.print("recorded: \(record) (\(recorded.rows.count) rows of \(build))")
        }
        return 0
    }

    static func header(_ threads: Int) -> String {
        "model                      states   1 thread: states/s  ns/state  bytes/state  peak bytes/state  growth bytes/state"
            + "   \(threads) threads: states/s  peak bytes/state  speed-up  cpu-time ratio  vs reference  vs baseline"
    }

    /// A model's row: the single-threaded figures, then the figures with N threads, then this
    /// build's single-threaded rate over the reference's and the baseline's ("-": none, or one
    /// that explored other states).
    static func row(_ label: String, _ row: BenchTable.Row, reference: BenchReference.Row?) -> String {
        let one = row.one, many = row.many
        let n = Double(one.states)
        let rate1 = n / one.seconds, rateN = n / many.seconds
        func ratio(_ states: Int?, _ rate: Int?) -> String {
            guard let states, let rate, states == one.states, rate > 0 else { return "-" }
            return String(format: "%.2fx", rate1 / Double(rate))
        }
        return label.padding(toLength: 24, withPad: " ", startingAt: 0)
            + String(format: "%9d   %14.0f  %8.0f  %11.1f  %16.0f  %18.0f   %18.0f  %16.0f  %7.2fx  %14.2f",
                     one.states, rate1, one.seconds * 1e9 / n, Double(one.visitedBytes) / n,
                     Double(one.peak) / n, Double(one.growth) / n, rateN, Double(many.peak) / n, rateN / rate1,
                     one.cpu > 0 ? many.cpu / one.cpu : 0)
            + "  " + ratio(reference?.states, reference?.statesPerSecond).leftPadding(12)
            + "  " + ratio(row.baseline?.states, row.baseline?.statesPerSecond).leftPadding(11)
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
