import Explorer

/// Two-phase commit as trace validation's second model (`LogProjectedModel`; the fleet is the
/// first): the log is the transaction manager's, one JSON object a line (Docs/diagnose.md,
/// "Another model's log"):
///
///     {"event":"prepared","rm":"db-2"}   the TM received db-2's Prepared (TMRcvPrepared)
///     {"event":"commit"}                 the TM decided to commit (TMCommit)
///     {"event":"abort"}                  the TM decided to abort (TMAbort)
///
/// The managers' own steps (prepare, choose to abort, receive the decision) write nothing in
/// the TM's file: they are a gap's unlogged steps. The log names managers as it likes
/// (`TMLogBinding` binds each name to one manager of the model); the model's names never
/// change (`Renaming` is nothing) and a line depends on the step alone (`NoLogMemory`).
/// A TM log is one transaction: one episode.
extension TwoPhaseCommit: LogProjectedModel {
    public typealias Log = PlainTraceLog<TMLogLine<String>>

    public var initialLogMemory: NoLogMemory { NoLogMemory() }

    public func freshBinding() -> TMLogBinding { TMLogBinding(managers: resourceManagers) }

    public func loggedStep(_ state: State, _ action: Action) -> (state: State, renaming: Void)? {
        guard let after = next(state, action) else { return nil }
        return (after, ())
    }

    public func logLines(_ before: State, _ action: Action, _ after: State, memory: inout NoLogMemory) -> [TMLogLine<Int>] {
        switch action.kind {
        case .tmReceivePrepared: [.prepared(rm: action.rm ?? 0)]
        case .tmCommit: [.commit]
        case .tmAbort: [.abort]
        case .rmPrepare, .rmChooseToAbort, .rmReceiveCommit, .rmReceiveAbort: []
        }
    }

    public static func lineKey(_ line: TMLogLine<String>) -> UInt8 { line.key }
    public static func lineKey(written: TMLogLine<Int>) -> UInt8 { written.key }
    public static func lineKind(_ line: TMLogLine<Int>) -> String { line.kind }
    public static func startsEpisode(_ line: TMLogLine<String>) -> Bool { false }

    /// The lines as JSON, a manager named by the log's name it is bound to (`rm2?` where it is not yet).
    public func describe(_ lines: [TMLogLine<Int>], _ binding: TMLogBinding, _ names: TMLogNames) -> String {
        lines.map { line in
            switch line {
            case .prepared(let k):
                let name = binding.name(of: k).map { names.managers[$0] } ?? "rm\(k.oneBased)?"
                let quoted = (try? JSONValue.string(name).data()).map { String(decoding: $0, as: UTF8.self) } ?? "\"?\""
                return "{\"event\":\"prepared\",\"rm\":\(quoted)}"
            case .commit, .abort: return "{\"event\":\"\(line.kind)\"}"
            }
        }.joined(separator: " then ")
    }
}

/// A line of the transaction manager's log (`TwoPhaseCommit+Log`), over any naming of the
/// managers: the model's (index) or the log's (name).
public enum TMLogLine<RM: Hashable & Sendable>: Hashable, Sendable {
    case prepared(rm: RM)
    case commit
    case abort

    /// The `event` field.
    public var kind: String {
        switch self {
        case .prepared: "prepared"
        case .commit: "commit"
        case .abort: "abort"
        }
    }

    var key: UInt8 {
        switch self {
        case .prepared: 0
        case .commit: 1
        case .abort: 2
        }
    }
}
