import Explorer

/// What a model whose server writes a log supplies (the fleet card's `liveactivity.log`): the
/// log of a trace, written beside its story, and the diagnosis of a log read from a file.
public struct ServerLog<M: Model>: Sendable {
    /// The log lines the server would write for `steps` (each ended by a newline).
    public var file: @Sendable (_ model: M, _ steps: [M.Action]) -> String
    /// Diagnoses the log `bytes` (named `path`): the report's lines and its verdict. A malformed
    /// log throws `ServerLogError` (one line) before any search.
    public var diagnose: @Sendable (_ model: M, _ bytes: [UInt8], _ path: String, _ request: DiagnoseRequest, _ stop: StopSignal,
        _ reason: @escaping @Sendable () -> String) throws -> (lines: [String], verdict: DiagnoseVerdict)
    /// The committed worlds (stems of `Models/NAME.json`) `diagnose LOG` tries with no
    /// `--config`, in the order tried (empty: none; a log is then diagnosed with `--config` only).
    public var worlds: [String]
    /// `diagnose LOG` with no `--config`: the log tried in `worlds` (nil: none), given the name
    /// of the model's catalog entry and its decoder (`ServerLog+Worlds`).
    var inWorlds: (@Sendable (_ request: DiagnoseRequest, _ names: [String]?, _ entry: String,
        _ decode: @escaping @Sendable (JSONValue) throws -> M, _ console: Console) throws -> Int32)?

    public init(
        worlds: [String] = [],
        file: @escaping @Sendable (M, [M.Action]) -> String,
        diagnose: @escaping @Sendable (M, [UInt8], String, DiagnoseRequest, StopSignal, @escaping @Sendable () -> String) throws
            -> (lines: [String], verdict: DiagnoseVerdict)
    ) {
        self.worlds = worlds
        self.file = file
        self.diagnose = diagnose
    }
}

/// A log that cannot be read: the one line the command prints (exit 2).
public struct ServerLogError: Error {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// What `cardcheck diagnose` was asked.
public struct DiagnoseRequest: Sendable {
    public var logPath: String
    public var strict = false
    public var gapSteps: Int?
    public var gapBudget: Int?
    public var maxStates: Int?
    public var timeLimit: Int?
    /// `--breaking NAME`: a witness must break the property NAME.
    public var breaking: String?
    /// `--progress`: a line on standard error every 1,024 log lines (also when stderr is a terminal).
    public var progress = false
    /// `--no-reuse`: every search made, even where an earlier one read the same lines.
    public var noReuse = false
    /// `--from-start`: the log is whole (its first line written from the initial states), not a window.
    public var fromStart = false
    /// `--events`: the event kinds the build wrote (nil: every kind).
    public var events: [String]?
    /// Where the progress lines go (set by the runner).
    public var report: (@Sendable (String) -> Void)?

    /// This request with its progress lines on `console`'s standard error, when asked
    /// (`--progress`) or when that is a terminal.
    func reporting(to console: Console) -> DiagnoseRequest {
        var request = self
        if progress || console.errorIsTerminal { request.report = { @Sendable line in console.error(line) } }
        return request
    }
}

/// How a diagnosis ended (the exit code follows it).
public enum DiagnoseVerdict: Sendable, Equatable {
    case consistent
    case inconsistent
    case cutShort
    /// `--breaking`: the log is consistent, but not with a behaviour breaking the property.
    case unbroken
}
