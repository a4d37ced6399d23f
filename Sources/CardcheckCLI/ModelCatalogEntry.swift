import CIRun
import Explorer
import Foundation

/// Search bounds a configuration carries for its model (command-line flags override them).
public struct SearchBounds: Sendable, Equatable {
    public var depth: Int?
    public var worldBudget: Int?
    public init(depth: Int? = nil, worldBudget: Int? = nil) {
        self.depth = depth
        self.worldBudget = worldBudget
    }
}

/// The legal values of the bounds, the same whether they come from the file or a flag.
public struct BoundRanges: Sendable {
    public var depth: ClosedRange<Int>
    public var worldBudget: ClosedRange<Int>
    public init(depth: ClosedRange<Int> = 1...100_000, worldBudget: ClosedRange<Int> = 0...255) {
        self.depth = depth
        self.worldBudget = worldBudget
    }
}

/// A violation the configuration knows about: `check` reports it as expected, with the reason,
/// and fails if it is not found.
public struct ExpectedFinding: Sendable, Equatable {
    public var property: String
    public var reason: String
    public init(property: String, reason: String) {
        self.property = property
        self.reason = reason
    }
}

/// One guard switched off: the model with it off, and the model every guard on under the same
/// bounds (the baseline whose violations do not count as kills).
public struct GuardMutant<M: Model>: Sendable {
    public var name: String
    public var mutant: M
    public var baseline: M
    /// Why this guard's runs use other bounds than the configuration's (nil: the same).
    public var override: String?
    /// The property class the spec says this guard's absence causes ("Without it"), shown first
    /// when the run breaks it (nil: the shortest counterexample is shown).
    public var specClass: String?
    /// When the spec's "Without it" names more than a class (a particular loop), whether a trace
    /// of that class shows it: nil when it does, else what the guard table says instead.
    public var specShape: (@Sendable (Trace<M>) -> String?)?
    public init(
        name: String, mutant: M, baseline: M, override: String? = nil, specClass: String? = nil,
        specShape: (@Sendable (Trace<M>) -> String?)? = nil
    ) {
        self.name = name
        self.mutant = mutant
        self.baseline = baseline
        self.override = override
        self.specClass = specClass
        self.specShape = specShape
    }
}

/// How a counterexample is written for `--write DIR`: a file stem and a Markdown story.
public struct StoryWriter<M: Model>: Sendable {
    /// The stem for a property, optionally found with a guard off.
    public var stem: @Sendable (_ property: String, _ guardOff: String?) -> String
    /// The story of `trace` on `model`, with an optional title.
    public var markdown: @Sendable (_ trace: Trace<M>, _ model: M, _ title: String?) -> String
    public init(
        stem: @escaping @Sendable (String, String?) -> String,
        markdown: @escaping @Sendable (Trace<M>, M, String?) -> String
    ) {
        self.stem = stem
        self.markdown = markdown
    }
}

/// One model the command line can run. Everything particular to a model is data here; the
/// commands themselves (`check`, `simulate`, `replay`, `mutants`) are generic (`ModelRunner`).
public struct ModelCatalogEntry: Sendable {
    public let name: String
    public let summary: String
    public let ranges: BoundRanges
    /// The committed worlds `diagnose LOG` tries with no `--config`, in order (`ServerLog.worlds`).
    public let diagnoseWorlds: [String]
    /// `diagnose LOG` with no `--config`: the log tried in `diagnoseWorlds` (nil: the model has none).
    let diagnoseInWorlds: (@Sendable (_ request: DiagnoseRequest, _ names: [String]?, _ console: Console) throws -> Int32)?
    let open: @Sendable (JSONValue) throws -> RunnableModel

    /// A model built by `decode` from its configuration (the file's JSON without `"model"`).
    ///
    /// - `bounds`: the bounds the configuration carries; `rebound` rebuilds the model with the
    ///   bounds actually run (flags override the file), so headers and traces name them.
    /// - `ranges`: legal bounds, checked for flags as the decoder checks the file.
    /// - `header`: lines naming the configuration, printed first by `check` and `mutants`.
    /// - `expectedFindings`: violations `check` reports as expected (exit 0 if all found).
    /// - `render`: a counterexample in the report (default: its numbered steps).
    /// - `story`: `--write DIR` writes `<stem>.md` beside `<stem>.json` (nil: JSON only).
    /// - `mutants`: each guard off in turn, for `cardcheck mutants` (nil: no guard table).
    /// - `countsTotalOnly`: `--count` gives the exact total only (large spaces).
    /// - `propertyClass`: a property's class in the guard table (default: its name).
    /// - `serverLog`: the server's log of a trace (`*.log.jsonl` beside each story, `replay
    ///   --log`) and `cardcheck diagnose` (nil: the model writes no log).
    ///
    /// `name` must be the model's `name`: traces are matched to entries by it.
    public init<M: Model>(
        name: String, summary: String, decode: @escaping @Sendable (JSONValue) throws -> M,
        bounds: @escaping @Sendable (M) -> SearchBounds = { _ in SearchBounds() },
        rebound: @escaping @Sendable (M, SearchBounds) -> M = { model, _ in model },
        ranges: BoundRanges = BoundRanges(),
        header: @escaping @Sendable (M) -> [String] = { _ in [] },
        expectedFindings: @escaping @Sendable (M) -> [ExpectedFinding] = { _ in [] },
        render: @escaping @Sendable (Trace<M>) -> [String] = { $0.numberedSteps(indent: 15) },
        story: StoryWriter<M>? = nil,
        mutants: (@Sendable (M) -> [GuardMutant<M>])? = nil,
        countsTotalOnly: Bool = false,
        propertyClass: @escaping @Sendable (String) -> String = { $0 },
        serverLog: ServerLog<M>? = nil
    ) {
        self.name = name
        self.summary = summary
        self.ranges = ranges
        diagnoseWorlds = serverLog?.worlds ?? []
        if let run = serverLog?.inWorlds {
            diagnoseInWorlds = { @Sendable (request: DiagnoseRequest, names: [String]?, console: Console) throws -> Int32 in
                try run(request, names, name, decode, console)
            }
        } else {
            diagnoseInWorlds = nil
        }
        // Closures, not an existential of the generic runner: built here, where M is concrete,
        // they call the search specialized for M (through a protocol witness it would not be).
        open = { configuration in
            let model = try decode(configuration)
            // A misspelled expected finding would fail the run only after the whole search.
            let names = model.properties.map(\.name)
            for (i, finding) in expectedFindings(model).enumerated() where !names.contains(finding.property) {
                let nearest = names.min { editDistance($0, finding.property) < editDistance($1, finding.property) }
                throw StrictJSON.Failure(
                    path: "$.expectedFindings[\(i)].property",
                    problem: "no property \"\(StrictJSON.shortened(finding.property))\" in \(name)"
                        + (nearest.map { " (did you mean \"\($0)\"?)" } ?? ""))
            }
            let runner = ModelRunner(
                model: model, configuration: configuration, bounds: bounds(model), boundsOf: bounds, rebound: rebound,
                header: header, expectedFindings: expectedFindings, render: render, story: story,
                mutants: mutants, decode: decode, countsTotalOnly: countsTotalOnly, propertyClass: propertyClass,
                serverLog: serverLog)
            return RunnableModel(
                check: runner.check, simulate: runner.simulate, replay: runner.replay,
                diagnose: serverLog == nil ? nil : runner.diagnose,
                mutants: mutants == nil ? nil : runner.mutants,
                guardNames: { mutants.map { m in m(model).map(\.name) } ?? [] }, ci: runner.ci)
        }
    }

    /// A model whose configuration is the model value itself, decoded as JSON.
    public init<M: Model & Decodable>(_ type: M.Type, name: String, summary: String) {
        self.init(name: name, summary: summary, decode: { try $0.decode(M.self) })
    }
}

/// A model with its configuration, ready for any command.
struct RunnableModel {
    let check: (_ request: CheckRequest, _ console: Console) throws -> Int32
    let simulate: (_ request: SimulateRequest, _ console: Console) throws -> Int32
    let replay: (_ data: Data, _ path: String, _ logPath: String?, _ console: Console) throws -> Int32
    /// `cardcheck diagnose` (nil: the model writes no server log).
    let diagnose: ((_ request: DiagnoseRequest, _ console: Console) throws -> Int32)?
    let mutants: ((_ request: MutantsRequest, _ console: Console) throws -> Int32)?
    /// The guards `mutants` switches off, in order (empty: none).
    let guardNames: () -> [String]
    /// Runs one unit of a CI plan (`cardcheck pr`, `cardcheck nightly`).
    let ci: (_ unit: CIPlan.Unit, _ context: CIUnitContext) throws -> JobReport
}

/// Levenshtein distance over characters (for "did you mean"; names are short).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b.prefix(200))
    var row = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let old = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = old
        }
    }
    return a.isEmpty ? b.count : row[b.count]
}
