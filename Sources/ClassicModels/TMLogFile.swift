import Explorer

/// A transaction manager's log as text (`TwoPhaseCommit+Log`; Docs/diagnose.md, "Another
/// model's log"): one JSON object a line, `{"event":"prepared","rm":"db-2"}`,
/// `{"event":"commit"}` or `{"event":"abort"}`. Reading is strict about the fields it needs and
/// ignores any others (a timestamp, a transaction id); the TM writes only these three kinds, so
/// a line of another kind is refused, `--strict` or not.
public enum TMLogFile {
    /// A line that is not what the format expects: its number and what was expected.
    public typealias Failure = JSONLinesFile.Failure

    /// What the reader says of a line, verbatim (tests assert these).
    public enum Expected {
        public static let emptyLine = JSONLinesFile.emptyLine
        public static let notObject = JSONLinesFile.notObject
        public static let event = "$.event: expected \"prepared\", \"commit\" or \"abort\""
        public static let rm = "$.rm: expected a non-empty resource manager name"
        public static func unknownKind(_ kind: String) -> String {
            "$.event: unknown event kind \"\(StrictJSON.shortened(kind))\" (a transaction manager's log has: prepared, commit, abort)"
        }
    }

    /// Reads a whole log; a malformed line is a `Failure` naming it.
    public static func read(_ bytes: [UInt8]) throws(Failure) -> TwoPhaseCommit.Log {
        var lines: [TwoPhaseCommit.Log.Line] = []
        try JSONLinesFile.forEachObject(bytes) { (o, number) throws(Failure) in
            lines.append(.init(number: number, event: try line(o, number: number)))
        }
        return PlainTraceLog(lines: lines)
    }

    static func line(_ o: [String: JSONValue], number: Int) throws(Failure) -> TMLogLine<String> {
        guard case .string(let kind)? = o["event"] else { throw Failure(line: number, problem: Expected.event) }
        switch kind {
        case "prepared":
            guard case .string(let rm)? = o["rm"], !rm.isEmpty else { throw Failure(line: number, problem: Expected.rm) }
            return .prepared(rm: rm)
        case "commit": return .commit
        case "abort": return .abort
        default: throw Failure(line: number, problem: Expected.unknownKind(kind))
        }
    }

    /// One line of the file.
    public static func text(_ line: TMLogLine<String>) -> String {
        switch line {
        case .prepared(let rm):
            let quoted = (try? JSONValue.string(rm).data()).map { String(decoding: $0, as: UTF8.self) } ?? "\"?\""
            return "{\"event\":\"prepared\",\"rm\":\(quoted)}"
        case .commit, .abort: return "{\"event\":\"\(line.kind)\"}"
        }
    }

    /// The TM's log of `steps` on `model` (`replay --log`), each line ended by a newline; the
    /// managers named `rm1`, `rm2`, ... as the model names them. Stops at a disabled step.
    public static func file(_ model: TwoPhaseCommit, _ steps: [TwoPhaseCommit.Action]) -> String {
        guard var state = model.initialStates().first else { return "" }
        var memory = model.initialLogMemory
        var out = ""
        for action in steps {
            guard let after = model.next(state, action) else { break }
            for line in model.logLines(state, action, after, memory: &memory) {
                switch line {
                case .prepared(let k): out += text(.prepared(rm: "rm\(k.oneBased)")) + "\n"
                case .commit: out += text(.commit) + "\n"
                case .abort: out += text(.abort) + "\n"
                }
            }
            state = after
        }
        return out
    }
}
