import Explorer

/// What a model's catalog entry supplies for `cardcheck diagnose` (Docs/diagnose.md): how its
/// log file is read, which of the command's flags its log has a meaning for, its default gap
/// bounds, and the words of its report. The command's path is the same for every model
/// (`ServerLog.init(worlds:file:format:)`): read, check the flags, search (the engine's
/// `TraceDiagnosis`), print.
public struct TraceLogFormat<M: LogProjectedModel>: Sendable {
    /// The log `bytes` (named `path`); `strict`: an unknown line kind refused, not skipped. A
    /// malformed line throws `ServerLogError`: one line naming the file, the line and what was expected.
    public var read: @Sendable (_ bytes: [UInt8], _ path: String, _ strict: Bool) throws -> M.Log
    /// `--events`: the kinds a build may say it wrote, and a line's kind (nil: the model's log
    /// has no builds that differ in what they write, and `--events` is refused).
    public var events: (kinds: [String], kind: @Sendable (M.Log.Line.Event) -> String)?
    /// The model's defaults for the search (before the flags): its world budget, for a gap and
    /// before a window.
    public var options: @Sendable (M, inout TraceSearch<M>.Options) -> Void
    /// The report of `log` (named `path`) searched with `options`: its lines and the engine's verdict.
    public var report: @Sendable (_ model: M, _ log: M.Log, _ path: String, _ options: TraceSearch<M>.Options, _ watch: TraceWatch)
        -> (lines: [String], verdict: TraceVerdict)

    public init(
        read: @escaping @Sendable ([UInt8], String, Bool) throws -> M.Log,
        events: (kinds: [String], kind: @Sendable (M.Log.Line.Event) -> String)? = nil,
        options: @escaping @Sendable (M, inout TraceSearch<M>.Options) -> Void = { _, _ in },
        report: @escaping @Sendable (M, M.Log, String, TraceSearch<M>.Options, TraceWatch) -> (lines: [String], verdict: TraceVerdict)
    ) {
        self.read = read
        self.events = events
        self.options = options
        self.report = report
    }
}

/// What a search is watched by: the stop (a limit, a signal) and its reason, and the progress
/// lines (nil: none asked).
public struct TraceWatch {
    public var stop: StopSignal?
    public var reason: () -> String
    public var progress: ((_ line: Int, _ candidates: Int) -> Void)?
    public var heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
}
