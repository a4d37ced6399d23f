import ClassicModels
import Explorer
import Testing

/// A transaction manager's log as text (`TMLogFile`): read strictly, each line numbered as in
/// the file, other fields ignored; the lines it writes read back as the same lines.
@Suite("TMLogFile")
struct TMLogFileTests {
    static func read(_ text: String) throws(TMLogFile.Failure) -> TwoPhaseCommit.Log { try TMLogFile.read(Array(text.utf8)) }

    @Test("the three kinds are read with their line numbers; fields the format does not need, and CRLF endings, are accepted")
    func reads() throws {
        let log = try Self.read("{\"t\":\"2026-10-02T07:00:01Z\",\"event\":\"prepared\",\"rm\":\"db-1\",\"tx\":7}\r\n{\"event\":\"abort\"}\n{\"event\":\"commit\"}")
        #expect(log.lines.map(\.event) == [.prepared(rm: "db-1"), .abort, .commit])
        #expect(log.lines.map(\.number) == [1, 2, 3])
    }

    @Test("a malformed line is refused naming its line and what was expected", arguments: [
        ("{\"event\":\"commit\"}\n\n", 2, TMLogFile.Expected.emptyLine),
        ("[1]\n", 1, TMLogFile.Expected.notObject),
        ("{\"event\":\"commit\"}\n{\"rm\":\"db-1\"}\n", 2, TMLogFile.Expected.event),
        ("{\"event\":\"prepared\",\"rm\":\"\"}\n", 1, TMLogFile.Expected.rm),
        ("{\"event\":\"commit\"}\n{\"event\":\"commit\"}\n{\"event\":\"vote\"}\n", 3, TMLogFile.Expected.unknownKind("vote")),
    ])
    func refused(_ text: String, _ line: Int, _ problem: String) {
        #expect(throws: TMLogFile.Failure(line: line, problem: problem)) { try Self.read(text) }
    }

    @Test("the log a behaviour writes reads back as that behaviour's lines, its managers named rm1, rm2, ...")
    func roundTrip() throws {
        let model = TwoPhaseCommit(resourceManagers: 2)
        let steps: [TwoPhaseCommit.Action] = [.init(.rmPrepare, 1), .init(.tmReceivePrepared, 1), .init(.rmPrepare, 0), .init(.tmReceivePrepared, 0), .init(.tmCommit)]
        let log = try TMLogFile.read(Array(TMLogFile.file(model, steps).utf8))
        #expect(log.lines.map(\.event) == [.prepared(rm: "rm2"), .prepared(rm: "rm1"), .commit])
    }
}
