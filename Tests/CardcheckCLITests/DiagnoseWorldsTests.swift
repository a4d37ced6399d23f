import Foundation
import Testing
@testable import CardcheckCLI

/// `cardcheck diagnose LOG` with no `--config` (issue 46, item 5, "Which world?"): the log tried
/// in the committed worlds, one line each, and a summary whose exit code follows it. The logs
/// are hand-written in the real server's format (Tests/Corpus/CardcheckCLI/worlds-*.log.jsonl);
/// `--worlds` keeps each run to a few worlds whose answers come without a long search.
@Suite("DiagnoseWorlds")
struct DiagnoseWorldsTests {
    static func log(_ name: String) -> String { "Tests/Corpus/CardcheckCLI/worlds-\(name).log.jsonl" }

    /// The line of world `name`, and the one after it (why it refused).
    static func world(_ c: CapturedConsole, _ name: String) -> (line: String, why: String)? {
        guard let k = c.out.firstIndex(where: { $0.hasPrefix("world ") && $0.contains(", \(name) (Models/\(name).json): ") }) else { return nil }
        return (c.out[k], k + 1 < c.out.count ? c.out[k + 1] : "")
    }

    @Test("a log only one of the worlds tried admits: that world is named, each other one refused at its first breaking line with the assumption it breaks")
    func onlyOneWorld() {
        let c = CapturedConsole()
        let code = c.run("diagnose", Self.log("sandbox-corpse"), "--worlds", "fleet-card,fleet-card-dev-builds,fleet-card-one-phone,fleet-card-scratch-port")
        #expect(code == ExitCode.pass, "\(c.out)")
        #expect(c.out.last == "result: admitted by 1 of 4 world(s): fleet-card-dev-builds (3 refused)")
        // Tried in the catalog's order (cheapest first), not the order --worlds names them.
        #expect(c.out.filter { $0.hasPrefix("world ") }.map { $0.prefix(11) } == ["world 1 of ", "world 2 of ", "world 3 of ", "world 4 of "])
        #expect(Self.world(c, "fleet-card-scratch-port")?.line.hasPrefix("world 1 of 4, ") == true)
        #expect(Self.world(c, "fleet-card")?.line.hasPrefix("world 4 of 4, ") == true)
        #expect(Self.world(c, "fleet-card-dev-builds")?.line.hasSuffix(": admits the log (one behaviour writes every line)") == true)
        for name in ["fleet-card-one-phone", "fleet-card-scratch-port"] {
            #expect(Self.world(c, name)?.line.contains(": refused at line 1: {\"event\":\"decide\",\"apnsEvent\":\"start\",\"tokens\":2,") == true)
            #expect(Self.world(c, name)?.why == "  breaks: 1 phone(s), each with one push-to-start token (no world.pushToStartRotation, no world.devBuildLaunch): a start is addressed to 1 token(s) at most, not 2")
        }
        #expect(Self.world(c, "fleet-card")?.line.contains(": refused at line 2: {\"event\":\"send\",\"apnsEvent\":\"start\",\"token\":\"81bb0002\",\"env\":\"sandbox\"") == true)
        #expect(Self.world(c, "fleet-card")?.why.hasPrefix("  breaks: every token is production") == true)
        #expect(c.err.isEmpty, "\(c.err)")
    }

    @Test("a log no world admits: each world's own first breaking line (1, 2 and 4 here), exit 1")
    func noWorld() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("none"), "--worlds", "fleet-card-scratch-port,fleet-card-dev-builds,fleet-card") == ExitCode.fail)
        #expect(c.out.last == "result: no world admits the log (3 of 3 refused; each world's first breaking line above)")
        #expect(Self.world(c, "fleet-card-scratch-port")?.line.contains(": refused at line 1: ") == true)
        #expect(Self.world(c, "fleet-card")?.line.contains(": refused at line 2: ") == true)
        // The lines before line 4 were searched in the dev-builds world (they are its behaviour);
        // line 4 names a second sid in a world of one session.
        #expect(Self.world(c, "fleet-card-dev-builds")?.line.contains(": refused at line 4: {\"event\":\"decide\",\"apnsEvent\":\"update\"") == true)
        #expect(Self.world(c, "fleet-card-dev-builds")?.why == "  breaks: 1 session(s) (sessions): the log names 2 sids by this line")
    }

    @Test("a three-phone log (a production phone, a sandbox phone, a sandbox dev-build phone) is consistent in the three-phone world, and only that world admits it")
    func threePhones() {
        let one = CapturedConsole()
        #expect(one.run("diagnose", Self.log("three-phones"), "--config", "Models/fleet-card-three-phones.json") == ExitCode.pass)
        #expect(one.out.last == "result: consistent (one behaviour of the model writes every line)")
        #expect(one.out.contains { $0.contains("[log 4]") && $0.contains("phone3's push-to-start token") }, "\(one.out)")
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("three-phones"), "--worlds", "fleet-card-one-phone,fleet-card,fleet-card-three-phones") == ExitCode.pass)
        #expect(c.out.last == "result: admitted by 1 of 3 world(s): fleet-card-three-phones (2 refused)")
        #expect(Self.world(c, "fleet-card")?.why == "  breaks: 2 phone(s), each with one push-to-start token (no world.pushToStartRotation, no world.devBuildLaunch): a start is addressed to 2 token(s) at most, not 3")
    }

    @Test("a world whose search a bound stopped is not decided, never admitted or refused: exit 3 when no world admits")
    func notDecided() {
        let c = CapturedConsole()
        #expect(c.run("diagnose", Self.log("sandbox-corpse"), "--worlds", "fleet-card-one-phone,fleet-card-dev-builds", "--max-states", "5") == ExitCode.partial)
        #expect(Self.world(c, "fleet-card-dev-builds")?.line.hasSuffix(": not decided (search cut short: more than 5 search states (--max-states))") == true)
        #expect(c.out.last == "result: NOT decided: no world tried admits the log (1 refused, 1 not decided of 2)")
    }

    @Test("a log of nothing the model knows is no evidence in every world: none tried, exit 1")
    func noEvidence() throws {
        let scratch = Scratch()
        let path = scratch.file("unknown.log.jsonl", "{\"t\":\"2026-10-02T07:00:01Z\",\"event\":\"tick-skipped\"}\n")
        let c = CapturedConsole()
        #expect(c.run("diagnose", path) == ExitCode.fail)
        #expect(c.out.last == "result: no evidence (no line of a kind the model knows: nothing to check, no world tried)")
    }

    @Test("--worlds naming no committed world, an empty name, or given with --config is refused, exit 2, nothing on stdout",
          arguments: [
            (["--worlds", "fleet-card-nope"], "cardcheck: --worlds: unknown world 'fleet-card-nope' (one of: fleet-card-scratch-port, "),
            (["--worlds", "fleet-card,"], "cardcheck: --worlds needs world names separated by commas, got 'fleet-card,'"),
            (["--worlds", "fleet-card", "--config", "Models/fleet-card.json"], "cardcheck: --worlds is not used with --config"),
          ])
    func worldsRefused(_ flags: [String], _ message: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(["diagnose", Self.log("none")] + flags, console: c.console) == ExitCode.badInput)
        #expect(c.out.isEmpty)
        #expect(c.err.count == 1 && c.err.first?.hasPrefix(message) == true, "\(c.err)")
    }

    @Test("the catalog's worlds are every committed fleet configuration, each once, cheapest first by the state counts Models/README.md gives")
    func catalogWorlds() throws {
        let committed = try FileManager.default.contentsOfDirectory(atPath: "Models")
            .filter { $0.hasPrefix("fleet-card") && $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(FleetCatalog.diagnoseWorlds.sorted() == committed)
        #expect(Set(FleetCatalog.diagnoseWorlds).count == FleetCatalog.diagnoseWorlds.count)
        // The README's table: "| `NAME.json` | ... | ..., N states ...": the order follows N.
        let readme = try String(contentsOfFile: "Models/README.md", encoding: .utf8)
        let states = try FleetCatalog.diagnoseWorlds.map { name in
            let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `\(name).json` |") }, "\(name)")
            let m = try #require(row.firstMatch(of: /([0-9][0-9,]*) states/), "\(row)")
            return try #require(Int(m.1.filter { $0 != "," }))
        }
        #expect(states == states.sorted(), "\(zip(FleetCatalog.diagnoseWorlds, states).map { "\($0) \($1)" })")
    }

    @Test("no --config reaches the worlds through the catalog: only an entry that lists worlds tries them (the fleet's; two-phase commit has none)")
    func worldsThroughTheCatalog() {
        #expect(ModelCatalog.entries.filter { $0.diagnoseInWorlds != nil }.map(\.name) == [FleetCatalog.name])
        #expect(ModelCatalog.entries.filter { !$0.diagnoseWorlds.isEmpty }.map(\.name) == [FleetCatalog.name])
    }
}
