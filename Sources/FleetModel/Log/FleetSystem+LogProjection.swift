import Explorer
import FleetCard

/// The fleet as trace validation's model (`LogProjectedModel`; the search is the engine's,
/// Sources/Explorer/TraceValidation): its log projection is host 0's `liveactivity.log`
/// (`logEvents`), its names the log's sids and token prefixes (`FleetLogBinding`), the renaming
/// a step makes its token renumbering (`stepRenaming`), its log memory the real server's
/// `vetoLogged` bits (`logEvents`), and an episode begins at every `decide start`.
extension FleetSystem: LogProjectedModel {
    public typealias Log = FleetLog

    public var initialLogMemory: UInt8 { 0 }

    public func freshBinding() -> FleetLogBinding { FleetLogBinding(sessions: config.sessions.count) }

    public func loggedStep(_ state: FleetState, _ action: Action) -> (state: FleetState, renaming: [UInt8])? {
        guard let (next, renaming) = stepRenaming(state, action) else { return nil }
        return (next, Self.compact(renaming))
    }

    public func logLines(_ before: FleetState, _ action: Action, _ after: FleetState, memory: inout UInt8) -> [FleetModelLogEvent] {
        logEvents(before, action, after, vetoLogged: &memory)
    }

    public static func lineKey(_ line: FleetFileLogEvent) -> UInt8 { lineKey(of: line) }
    public static func lineKey(written: FleetModelLogEvent) -> UInt8 { lineKey(of: written) }

    public static func lineKind(_ line: FleetModelLogEvent) -> String { line.kind }

    /// The reducer starts only when the server holds no card: a `decide start` begins an episode.
    public static func startsEpisode(_ line: FleetFileLogEvent) -> Bool {
        if case .decide(.start, _, _, _, _, _) = line { true } else { false }
    }

    /// A line no behaviour of this configuration writes, from the line alone (`FleetWorldAssumption`).
    public func firstUnwritable(_ log: FleetLog) -> (index: Int, why: String)? {
        FleetWorldAssumption.firstImpossible(config, log).map {
            ($0.index, "no behaviour of this world writes such a line, whatever came before it")
        }
    }

    /// A line past what one behaviour writes (`FleetWorldAssumption.firstBeyondOneBehaviour`).
    public func firstBeyondOneBehaviour(_ log: FleetLog, lines: Range<Int>?) -> (index: Int, why: String)? {
        FleetWorldAssumption.firstBeyondOneBehaviour(config, log, lines: lines).map { ($0.index, $0.why) }
    }

    /// Searched on the servers' view, the phones free (`FleetServerView`): a line no behaviour of
    /// the world writes after the lines before it, whatever the gap bounds.
    public func overApproximatedStuck(
        _ log: FleetLog, lines: Range<Int>, window: Bool, events: Set<String>?, maxStates: Int, stop: StopSignal?
    ) -> (stuck: Int?, states: Int) {
        let run = TraceOverApproximationSearch.run(
            FleetServerView(self), lines: log.lines[lines].map(\.event), window: window, events: events, maxStates: maxStates,
            stop: stop)
        guard case .stuck(let index) = run.ending else { return (nil, run.states) }
        return (lines.lowerBound + index, run.states)
    }

    /// What a step would have logged, as JSON lines without their time, named through `binding`
    /// where it binds (`s2?`, `token 3?` where it does not yet).
    public func describe(_ events: [FleetModelLogEvent], _ binding: FleetLogBinding, _ names: FleetLogNames) -> String {
        events.compactMap { e in
            e.renamed({ k in binding.sid(of: k).map { names.sids[$0] } ?? "s\(k + 1)?" }) { t in
                binding.token(of: t).map { names.tokens[$0] } ?? "token \(t)?"
            }.map { FleetDiagnosis.untimed($0) }
        }.joined(separator: " then ")
    }

    /// The bucket a line falls in: its kind and its APNs event (a logged step is tried on a
    /// line only when its first line falls in the same bucket).
    static func lineKey<S, T>(of e: FleetLogEvent<S, T>) -> UInt8 {
        func a(_ x: FleetCard.FleetAction) -> UInt8 {
            switch x {
            case .nothing: 0
            case .start: 1
            case .update: 2
            case .end: 3
            }
        }
        switch e {
        case .decide(let x, _, _, _, _, _): return 0 &+ a(x)
        case .send(let x, _, _, _): return 4 &+ a(x)
        case .noTokens(let x): return 8 &+ a(x)
        case .noneAccepted(let x, _, _): return 12 &+ a(x)
        case .partial(let x, _, _): return 16 &+ a(x)
        case .clientEnded: return 20
        case .adopted: return 21
        case .startVetoed: return 22
        }
    }

    /// A step's renaming as a list, cut after its last token.
    /// Empty when every token keeps its number (most steps): no list is made for them.
    static func compact(_ r: FleetSystem.TokenRenaming) -> [UInt8] {
        var moved = false
        for t in 0...Int(r.top) where r[UInt8(t)] != UInt8(t) {
            moved = true
            break
        }
        guard moved else { return [] }
        var out = [UInt8](repeating: 0, count: Int(r.top) + 1)
        for t in out.indices { out[t] = r[UInt8(t)] }
        while out.count > 1, out[out.count - 1] == 0 { out.removeLast() }
        return out
    }
}

extension TraceSearch where M == FleetSystem {
    /// A line's text without its `t` field.
    static func untimed(_ e: FleetFileLogEvent) -> String {
        let text = FleetLogFile.text(e, time: 0)
        let cut = "{\"t\":\"\(FleetLogFile.timestamp(0))\","
        return text.hasPrefix(cut) ? "{" + text.dropFirst(cut.count) : text
    }
}
