import Explorer
import Foundation

/// The commands, for one model type: run the library, print what it returns. What is
/// particular to the model comes from its catalog entry.
struct ModelRunner<M: Model> {
    let model: M
    /// The configuration the model was built from, written into saved traces.
    let configuration: JSONValue
    let bounds: SearchBounds
    /// The bounds a model value carries (a mutant's override may differ from the file's).
    let boundsOf: (M) -> SearchBounds
    let rebound: (M, SearchBounds) -> M
    let header: (M) -> [String]
    let expectedFindings: (M) -> [ExpectedFinding]
    /// How a counterexample is written out.
    let render: (Trace<M>) -> [String]
    let story: StoryWriter<M>?
    let mutants: ((M) -> [GuardMutant<M>])?
    /// Builds the model of another configuration of the same model (the further worlds of
    /// `cardcheck mutants A.json B.json`).
    let decode: (JSONValue) throws -> M
    let countsTotalOnly: Bool
    /// A property's class for the guard table ("zombie-card:idle-phone" → "zombie-card").
    let propertyClass: (String) -> String
    /// The server's log of a trace and its diagnosis, for models whose server writes one.
    let serverLog: ServerLog<M>?

    /// The bounds a request asks for: flags over the configuration's.
    func bounds(depth: Int?, worldBudget: Int?) -> SearchBounds {
        SearchBounds(depth: depth ?? bounds.depth, worldBudget: worldBudget ?? bounds.worldBudget)
    }

    func simulate(_ request: SimulateRequest, console: Console) throws -> Int32 {
        let stop = RunStop()
        let model = rebound(self.model, bounds(depth: nil, worldBudget: request.worldBudget))
        let walk = RandomWalk(
            model, seed: request.seed, depth: request.depth, walks: request.walks,
            worldBudget: request.worldBudget ?? bounds.worldBudget)
        let report = stop.during(timeLimit: request.timeLimit) { walk.run(stop: stop.signal) }
        console.print(
            "\(model.name): \(report.walks) walks of up to \(request.depth) steps, \(report.steps) steps in all, seed \(request.seed)")
        let partial = report.walks < request.walks
        if partial {
            console.print("NOT exhaustive: \(stop.reasonText ?? "stopped") after \(report.walks) of \(request.walks) walks")
        }
        for (property, walks) in report.reached {
            console.print("  reached    sometimes \"\(property)\" in \(walks) of \(report.walks) walks")
        }
        for (property, walkSeed, trace) in report.violations {
            console.print("  VIOLATED   \"\(property)\" in \(trace.steps.count) steps (\(trace.minimization.rawValue))")
            console.print(render(trace))
            console.print("  reproduce: cardcheck simulate \(request.path) --seed \(walkSeed) --depth \(request.depth) --walks 1"
                + (request.worldBudget.map { " --budget \($0)" } ?? ""))
        }
        console.print(report.passed ? (partial ? "result: pass so far (partial)" : "result: pass") : "result: FAIL")
        if let directory = request.saveDirectory {
            try save(report.violations.map(\.trace), model: model, in: directory, stories: request.stories, console: console)
        }
        if let code = stop.exitCode, code != ExitCode.partial { return code }
        if !report.passed { return ExitCode.fail }
        return partial ? ExitCode.partial : ExitCode.pass
    }

    func replay(_ data: Data, path: String, logPath: String?, console: Console) throws -> Int32 {
        // Refused before the replay prints anything: a log this model cannot write.
        if logPath != nil && serverLog == nil { throw CommandError.noServerLog(path, model.name) }
        let trace: Trace<M>
        do {
            trace = try Trace.load(data, for: model)
        } catch let error as TraceFileError {
            throw CommandError("\(path): \(error.description)")
        }
        // Every step is checked (enabled, in range) before any of it is rendered: a story
        // renders by applying steps, which must never see one the model does not offer.
        let outcome = Replay(model).run(trace)
        console.print("\(path): \(model.name), \(trace.steps.count) steps" + (trace.property.map { ", property \"\(StrictJSON.shortened($0))\"" } ?? ""))
        switch outcome {
        case .noInitialState, .unknownProperty:
            break
        case .disabledStep(let step, _):
            var prefix = trace
            prefix.steps = Array(trace.steps.prefix(step - 1))
            prefix.states = []
            console.print(render(prefix))
        default:
            console.print(render(trace))
        }
        console.print(outcome.description)
        if let logPath, let serverLog {
            var ran = trace.steps
            if case .disabledStep(let step, _) = outcome { ran = Array(trace.steps.prefix(step - 1)) }
            try writeLog(serverLog.file(model, ran), to: logPath)
            console.print("wrote \(logPath) (the server's log of these steps)")
        }
        switch outcome {
        case .ranToEnd: return ExitCode.pass
        default: return outcome.reproduced ? ExitCode.pass : ExitCode.fail
        }
    }

    /// Writes each trace to `directory` as `<stem>.json` (and `<stem>.md` with a story writer).
    func save(
        _ traces: [Trace<M>], model: M, in directory: String, stories: Bool, console: Console,
        guardOff: String? = nil, title: String? = nil
    ) throws {
        for var trace in traces {
            if case .object(let members) = trace.configuration, members.isEmpty { trace.configuration = configuration }
            let property = trace.property ?? "trace"
            let stem = story?.stem(property, guardOff) ?? String(TraceFiles.fileName(for: property).dropLast(5))
            let path = directory + "/" + stem + ".json"
            try TraceFiles.write(trace, to: path)
            if stories, let story {
                let md = directory + "/" + stem + ".md"
                try OutputError.write(Data(story.markdown(trace, model, title).utf8), to: md)
                if let serverLog {
                    try writeLog(serverLog.file(model, trace.steps), to: directory + "/" + stem + ".log.jsonl")
                    console.print("wrote \(md), .json and .log.jsonl (\(trace.steps.count) steps)")
                } else {
                    console.print("wrote \(md) and .json (\(trace.steps.count) steps)")
                }
            } else {
                console.print("saved \(path) (replay: cardcheck replay \(path))")
            }
        }
    }
}

extension ModelRunner {
    /// Writes a server log whole or not at all; one that cannot be written is exit 4.
    func writeLog(_ text: String, to path: String) throws {
        try OutputError.write(Data(text.utf8), to: path)
    }

    func diagnose(_ request: DiagnoseRequest, console: Console) throws -> Int32 {
        guard let serverLog else { throw CommandError.noServerLog(request.logPath, model.name) }
        // An empty log is the true log of a behaviour host 0 does not log (`replay --log` writes
        // one): read, and reported as no evidence.
        let data = try ConfigFile.read(request.logPath, allowEmpty: true)
        let stop = RunStop()
        let reason = stop.reason
        let request = request.reporting(to: console)
        let result: (lines: [String], verdict: DiagnoseVerdict)
        do {
            result = try stop.during(timeLimit: request.timeLimit) {
                Result { try serverLog.diagnose(model, [UInt8](data), request.logPath, request, stop.signal, reason) }
            }.get()
        } catch let error as ServerLogError {
            throw CommandError(error.message)
        }
        console.print(result.lines)
        switch result.verdict {
        case .consistent: return ExitCode.pass
        case .inconsistent, .unbroken: return stop.exitCode.flatMap { $0 == ExitCode.partial ? nil : $0 } ?? ExitCode.fail
        case .cutShort: return stop.exitCode ?? ExitCode.partial
        }
    }
}

/// What `cardcheck check` was asked.
struct CheckRequest {
    var depth: Int?
    var worldBudget: Int?
    var threads = 1
    var maxStates: Int?
    var timeLimit: Int?
    /// Resident bytes past which the search stops with a partial report.
    var memoryLimit: Int?
    /// `--spill DIR`: where the levels go past `--memory`.
    var spill: SearchSpilling?
    var stopAtFirstViolation = false
    /// `--symmetry`: fingerprint each state's symmetry representative.
    var symmetry = false
    var count = false
    var saveDirectory: String?
    /// `--write`: stories beside the traces.
    var stories = false
    /// `--out DIR`: the report files.
    var report: CheckReportRequest?
    /// `--checkpoint DIR` (cardcheck-mpi): the checkpoints' path prefix and interval.
    var checkpoint: SearchCheckpointing?
    var progress = false
    /// The accepted findings of this configuration (from the baseline beside it), when there is one.
    var accepted: [ExpectedFinding]?
    /// `cardcheck-mpi`: the ranks the search is spread over (nil: this process alone).
    var gate: RankGate?
    var fabric: (any RankFabric)? { gate?.fabric }
}

/// What `cardcheck simulate` was asked.
struct SimulateRequest {
    var path: String
    var seed: UInt64
    var depth: Int
    var walks: Int
    var worldBudget: Int?
    var timeLimit: Int?
    var saveDirectory: String?
    var stories = false
}

/// What `cardcheck mutants` was asked.
struct MutantsRequest {
    var depth: Int?
    var worldBudget: Int?
    var threads = 1
    var maxStates: Int?
    var timeLimit: Int?
    var memoryLimit: Int?
    var only: [String]?
    /// `--also`: properties whose guard-off counterexample each row writes too.
    var also: [String] = []
    var saveDirectory: String?
    /// `--write`: stories beside the traces (`--save`: the traces only, as in `check`).
    var stories = false
    var progress = false
    /// The worlds tried after this configuration's, in order, for a guard it does not kill:
    /// each a configuration of the same model, named by its file's stem.
    var worlds: [MutantWorld] = []
    /// The name of this configuration's world in the table (its file's stem).
    var name = ""
}

/// A further configuration `cardcheck mutants` tries a guard in.
struct MutantWorld {
    let name: String
    let configuration: JSONValue
}
