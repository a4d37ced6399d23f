import Explorer

extension ServerLog where M: LogProjectedModel {
    /// The server log of a model that adopts `LogProjectedModel`: `diagnose` is the one path
    /// every such model takes (read with `format`, the flags checked against what its log has,
    /// the engine's search, `format`'s report), whatever the model.
    /// `judgeWorlds`: the log over `worlds` with no `--config`, in the model's words (nil: `worlds` is empty).
    public init(
        worlds: [String] = [], file: @escaping @Sendable (M, [M.Action]) -> String, format: TraceLogFormat<M>,
        judgeWorlds: DiagnoseWorldsJudge<M>? = nil
    ) {
        self.init(worlds: worlds, file: file) { model, bytes, path, request, stop, reason in
            let log = try Self.read(format, bytes, path: path, request: request)
            let options = try Self.options(format, model, log, path: path, request: request)
            let watch = Self.watching(log, request)
            let report = format.report(model, log, path, options, TraceWatch(stop: stop, reason: reason, progress: watch.progress, heartbeat: watch.heartbeat))
            return (report.lines, DiagnoseVerdict(report.verdict))
        }
        if let judgeWorlds, !worlds.isEmpty {
            inWorlds = { request, names, entry, decode, console in
                try Self.diagnoseInWorlds(
                    request, names: names, worlds: worlds, entry: entry, decode: decode, format: format, judge: judgeWorlds, console: console)
            }
        }
    }

    /// The log `bytes` (named `path`) read as `format` reads it; a malformed line is one line (exit 2).
    static func read(_ format: TraceLogFormat<M>, _ bytes: [UInt8], path: String, request: DiagnoseRequest) throws -> M.Log {
        try format.read(bytes, path, request.strict)
    }

    /// The search options `request` asks for on `model`; a flag the log or the model has no
    /// meaning for, or refuses (`--events`, `--breaking`), is one line (exit 2).
    static func options(_ format: TraceLogFormat<M>, _ model: M, _ log: M.Log, path: String, request: DiagnoseRequest) throws
        -> TraceSearch<M>.Options
    {
        var options = TraceSearch<M>.Options()
        format.options(model, &options)
        if let n = request.gapSteps { options.gapSteps = n }
        if let n = request.gapBudget { options.gapWorldBudget = n }
        if let n = request.maxStates { options.maxStates = n }
        options.reuseRuns = !request.noReuse
        options.window = !request.fromStart
        if let kinds = request.events {
            guard let events = format.events else { throw ServerLogError(Refusal.noEvents(model.name)) }
            for k in kinds where !events.kinds.contains(k) {
                throw ServerLogError("--events: unknown event kind '\(StrictJSON.shortened(k))' (one of: \(events.kinds.joined(separator: ", ")))")
            }
            // A line of a kind the build is said not to write contradicts --events.
            if let line = log.lines.first(where: { !kinds.contains(events.kind($0.event)) }) {
                throw ServerLogError("\(path): line \(line.number): $.event: \"\(events.kind(line.event))\" is not among the kinds --events says the build wrote")
            }
            options.events = Set(kinds)
        }
        if let name = request.breaking {
            let known = TraceDiagnosis.breakable(model)
            if TraceDiagnosis.goals(model).contains(name) {
                throw ServerLogError("--breaking: '\(StrictJSON.shortened(name))' is a reachability goal: it is reached, not broken, so it cannot be asked (one of: \(known.joined(separator: ", ")))")
            }
            // CLASS:CAUSE names a cause of a class (the fleet's zombie-card:two-phones); a model
            // whose properties have no classes has no such thing.
            if name.contains(":"), !known.contains(name), !model.properties.contains(where: { M.propertyClass($0.name) != $0.name }) {
                throw ServerLogError(Refusal.noCauses(name, model.name, known: known))
            }
            guard known.contains(name) else { throw ServerLogError(CommandError.unknownProperty(name, known: known).description) }
            options.breaking = name
        }
        return options
    }

    /// The progress lines a search of `log` says (nil: `request` reports none): every 1,024 log
    /// lines, and once a second while a search stays on few lines.
    static func watching(_ log: M.Log, _ request: DiagnoseRequest) -> (
        progress: ((_ line: Int, _ candidates: Int) -> Void)?, heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) {
        let count = log.lines.count
        let progress = request.report.map { say in
            { (line: Int, candidates: Int) in say("progress: line \(line + 1) of \(count), \(candidates) candidate state(s)") }
        }
        let clock = ContinuousClock()
        var last = clock.now
        let heartbeat = request.report.map { say in
            { (line: Int, candidates: Int) in
                let now = clock.now
                guard now - last >= .seconds(1) else { return }
                last = now
                say("progress: searching at line \(line + 1) of \(count), \(candidates) search state(s)")
            }
        }
        return (progress, heartbeat)
    }

    /// The lines a flag the model's log has no meaning for is refused with (tests assert them).
    enum Refusal {
        static func noEvents(_ model: String) -> String {
            "--events: model \(model)'s log has no builds that differ in the events they write (the fleet card's has: --events is for it)"
        }
        static func noCauses(_ name: String, _ model: String, known: [String]) -> String {
            "--breaking: '\(StrictJSON.shortened(name))' names a cause (CLASS:CAUSE), and model \(model)'s properties have no causes (one of: \(known.joined(separator: ", ")))"
        }
    }
}

extension DiagnoseVerdict {
    /// How the engine's verdict ends the command: not one behaviour and no evidence are not
    /// consistent (exit 1).
    init(_ verdict: TraceVerdict) {
        switch verdict {
        case .consistent: self = .consistent
        case .inconsistent, .pieces, .noEvidence: self = .inconsistent
        case .cutShort: self = .cutShort
        case .unbroken: self = .unbroken
        }
    }
}
