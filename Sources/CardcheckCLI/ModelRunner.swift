import Explorer
import Foundation

/// The commands, for one model type: run the library, print what it returns.
struct ModelRunner<M: Model> {
    let model: M
    /// The configuration the model was built from, written into saved traces.
    let configuration: JSONValue
    let bounds: SearchBounds
    /// How a counterexample is written out.
    let render: (Trace<M>) -> [String]

    func check(_ request: CheckRequest, console: Console) throws -> Int32 {
        let stop = StopSignal()
        let showProgress = request.progress || console.errorIsTerminal
        var progress: (@Sendable (SearchProgress) -> Void)?
        if showProgress {
            progress = { @Sendable p in console.error(ProgressLine.text(p)) }
        }
        let options = SearchOptions(
            depthBound: request.depth ?? bounds.depth,
            worldBudget: request.worldBudget ?? bounds.worldBudget,
            stopAtFirstViolation: request.stopAtFirstViolation,
            stateLimit: request.maxStates, timeLimit: request.timeLimit.map(Double.init),
            threads: request.threads, stop: stop,
            progress: progress)
        let report = Interrupt.catching(stop) { BreadthFirstSearch(model, options: options).run() }
        console.print(report.lines(render: render))
        console.print(report.timingLine)
        if request.count {
            let counts = BehaviourCount(model, depth: options.depthBound ?? report.depthReached,
                                        worldBudget: options.worldBudget).run()
            console.print(counts.lines())
        }
        if let directory = request.saveDirectory {
            let traces: [Trace<M>] = report.verdicts.compactMap {
                if case .violated(let trace) = $0.outcome { trace } else { nil }
            }
            try TraceFiles.save(traces, configuration: configuration, in: directory, console: console)
        }
        return report.passed ? 0 : 1
    }

    func simulate(_ request: SimulateRequest, console: Console) throws -> Int32 {
        let stop = StopSignal()
        let walk = RandomWalk(
            model, seed: request.seed, depth: request.depth, walks: request.walks,
            worldBudget: request.worldBudget ?? bounds.worldBudget)
        let report = Interrupt.catching(stop) { walk.run(stop: stop) }
        console.print(
            "\(model.name): \(report.walks) walks of up to \(request.depth) steps, \(report.steps) steps in all, seed \(request.seed)")
        for (property, walks) in report.reached {
            console.print("  reached    sometimes \"\(property)\" in \(walks) of \(report.walks) walks")
        }
        for (property, walkSeed, trace) in report.violations {
            console.print("  VIOLATED   \"\(property)\" in \(trace.steps.count) steps (\(trace.minimization.rawValue))")
            console.print(render(trace))
            console.print("  reproduce: cardcheck simulate \(request.path) --seed \(walkSeed) --depth \(request.depth) --walks 1"
                + (request.worldBudget.map { " --budget \($0)" } ?? ""))
        }
        console.print(report.passed ? "result: pass" : "result: FAIL")
        if let directory = request.saveDirectory {
            try TraceFiles.save(report.violations.map(\.trace), configuration: configuration, in: directory, console: console)
        }
        return report.passed ? 0 : 1
    }

    func replay(_ data: Data, path: String, console: Console) throws -> Int32 {
        let trace: Trace<M>
        do {
            trace = try Trace.load(data, for: model)
        } catch let error as TraceFileError {
            throw CommandError("\(path): \(error.description)")
        }
        console.print("\(path): \(model.name), \(trace.steps.count) steps" + (trace.property.map { ", property \"\($0)\"" } ?? ""))
        console.print(render(trace))
        let outcome = Replay(model).run(trace)
        console.print(outcome.description)
        switch outcome {
        case .ranToEnd: return 0
        default: return outcome.reproduced ? 0 : 1
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
    var stopAtFirstViolation = false
    var count = false
    var saveDirectory: String?
    var progress = false
}

/// What `cardcheck simulate` was asked.
struct SimulateRequest {
    var path: String
    var seed: UInt64
    var depth: Int
    var walks: Int
    var worldBudget: Int?
    var saveDirectory: String?
}
