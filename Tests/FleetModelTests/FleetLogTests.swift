import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// The server's log as the model writes it: the renumbering followed step by step, each line's
/// text, the timestamps, and the strict reader.
@Suite("FleetLog")
struct FleetLogTests {
    @Test("every step with its token renaming gives the state next gives, and a kept token keeps its identity")
    func renamingMatchesNext() {
        var world = Fixture.noFaults
        world.pushToStartRotation = true
        world.tokenRotation = true
        let model = FleetSystem(config: Fixture.config(devices: 2, world: world, budget: 2))
        var checked = 0, moved = 0
        for state in reachable(model, depth: 8) {
            for action in model.actions(in: state) {
                let next = model.next(state, action)
                let renamed = model.stepRenaming(state, action)
                #expect(next == renamed?.state, "\(action)")
                guard let (after, renaming) = renamed else { continue }
                checked += 1
                FleetSystem.forEachToken(state) { t in if renaming[t] != 0 && renaming[t] != t { moved += 1 } }
                // A launch (with rotation) mints a new push-to-start token; otherwise the install
                // keeps its own, renumbered or not.
                switch action {
                case .openApp, .backgroundLaunch: continue
                default: break
                }
                for d in state.devices.indices {
                    #expect(after.devices[d].pushToStartToken == renaming[state.devices[d].pushToStartToken], "\(action)")
                }
            }
        }
        #expect(checked > 1000)
        #expect(moved > 0, "some step renumbers a kept token (else the renaming is never exercised)")
    }

    @Test("a line's text is the format exactly, and reads back as the same event")
    func textReadsBack() throws {
        let events: [FleetFileLogEvent] = [
            .decide(.start, tokens: 3, working: 1, needsInput: 1, rows: [.init(session: "9f3e01aa", needsInput: true),
                .init(session: "c2d40b17", needsInput: false)], more: 0),
            .send(.start, token: "40b7c2e9", env: .production, status: 200),
            .clientEnded(hadActive: true), .adopted, .noTokens(.update),
            .noneAccepted(.end, attempted: 2, accepted: 0), .partial(.update, attempted: 2, accepted: 1),
            .startVetoed(population: ["9f3e01aa"]),
        ]
        let time = FleetLogWriter.epoch + 192_480
        #expect(FleetLogFile.text(events[0], time: time)
            == #"{"t":"2026-10-14T21:03:12.480Z","event":"decide","apnsEvent":"start","tokens":3,"working":1,"needsInput":1,"rows":["9f3e01aa:needsInput","c2d40b17:working"],"more":0}"#)
        #expect(FleetLogFile.text(events[1], time: time)
            == #"{"t":"2026-10-14T21:03:12.480Z","event":"send","apnsEvent":"start","token":"40b7c2e9","env":"production","status":200}"#)
        // The missed-threshold lines carry the real server's `tokens` and `accepted` (issue 50).
        #expect(FleetLogFile.text(events[5], time: time)
            == #"{"t":"2026-10-14T21:03:12.480Z","event":"none-accepted","apnsEvent":"end","tokens":2,"accepted":0}"#)
        #expect(FleetLogFile.text(events[6], time: time)
            == #"{"t":"2026-10-14T21:03:12.480Z","event":"partial","apnsEvent":"update","tokens":2,"accepted":1}"#)
        let text = events.map { FleetLogFile.text($0, time: time) + "\n" }.joined()
        let log = try FleetLogFile.read(Array(text.utf8), strict: true)
        #expect(log.lines.map(\.event) == events)
        #expect(log.lines.allSatisfy { $0.time == time })
        // A file cardcheck wrote before issue 50 (`attempted`) still reads.
        let legacy = #"{"t":"2026-10-14T21:03:12.480Z","event":"partial","apnsEvent":"update","attempted":2,"accepted":1}"# + "\n"
        #expect(try FleetLogFile.read(Array(legacy.utf8), strict: true).lines.map(\.event) == [events[6]])
    }

    @Test("timestamps: written and read back to the millisecond, across years; a malformed one is nil")
    func timestamps() {
        for ms: Int64 in [0, 951_782_400_000, FleetLogWriter.epoch, 4_102_444_799_999] {
            #expect(FleetLogFile.milliseconds(FleetLogFile.timestamp(ms)) == ms)
        }
        #expect(FleetLogFile.timestamp(951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(FleetLogFile.milliseconds("2026-10-14T21:03:12Z") == FleetLogWriter.epoch + 192_000)
        #expect(FleetLogFile.milliseconds("2026-10-14T21:03:12.4805Z") == FleetLogWriter.epoch + 192_480)
        for bad in ["2026-02-29T00:00:00Z", "2026-10-14 21:03:12Z", "2026-10-14T21:03:12.480", "2026-13-01T00:00:00Z", ""] {
            #expect(FleetLogFile.milliseconds(bad) == nil, "\(bad)")
        }
    }

    @Test("a malformed line names its number and what was expected; unknown kinds are skipped and counted, or refused strictly")
    func strictReader() {
        func failure(_ text: String, strict: Bool = false) -> FleetLogFile.Failure? {
            do {
                _ = try FleetLogFile.read(Array(text.utf8), strict: strict)
                return nil
            } catch {
                return error
            }
        }
        let ok = #"{"t":"2026-10-14T21:03:12.480Z","event":"adopted","build":"7.1"}"#
        #expect(failure(ok + "\n" + #"{"t":"2026-10-14T21:03:12.480Z","event":"send","apnsEvent":"start","token":"ab","env":"staging","status":200}"#)
            == .init(line: 2, problem: "$.env: " + FleetLogFile.Expected.env))
        #expect(failure(ok + "\n\n" + ok) == .init(line: 2, problem: FleetLogFile.Expected.emptyLine))
        #expect(failure(#"{"t":"yesterday","event":"adopted"}"#) == .init(line: 1, problem: FleetLogFile.Expected.timestamp))
        #expect(failure(#"[1]"#) == .init(line: 1, problem: FleetLogFile.Expected.notObject))
        let unknown = ok + "\n" + #"{"t":"2026-10-14T21:03:12.480Z","event":"tick-skipped"}"# + "\n"
        #expect(failure(unknown, strict: true) == .init(line: 2, problem: FleetLogFile.Expected.unknownKind("tick-skipped")))
        let log = try? FleetLogFile.read(Array((unknown + unknown).utf8), strict: false)
        #expect(log?.lines.count == 2)
        #expect(log?.skipped.map(\.kind) == ["tick-skipped"] && log?.skipped.first?.count == 2 && log?.skipped.first?.firstLine == 2)
    }
}

extension FleetLogTests {
    @Test("a missed threshold reads the real server's tokens, the older builds' targets and cardcheck's own attempted, with accepted",
          arguments: ["tokens", "targets", "attempted"])
    func shortfallFields(_ key: String) throws {
        let text = "{\"t\":\"2026-10-02T07:00:01.912Z\",\"event\":\"partial\",\"apnsEvent\":\"update\",\"\(key)\":2,\"accepted\":1}\n"
            + "{\"t\":\"2026-10-02T07:00:03.912Z\",\"event\":\"none-accepted\",\"apnsEvent\":\"end\",\"\(key)\":1,\"accepted\":0}\n"
        let log = try FleetLogFile.read(Array(text.utf8), strict: true)
        #expect(log.lines.map(\.event) == [.partial(.update, attempted: 2, accepted: 1), .noneAccepted(.end, attempted: 1, accepted: 0)])
    }

    @Test("a shortfall line with none of the three counts is refused, naming the field")
    func shortfallMissing() {
        let text = "{\"t\":\"2026-10-02T07:00:01.912Z\",\"event\":\"partial\",\"apnsEvent\":\"update\",\"accepted\":1}\n"
        #expect(throws: FleetLogFile.Failure(line: 1, problem: "$.tokens: expected a non-negative integer (or $.targets, $.attempted)")) {
            try FleetLogFile.read(Array(text.utf8), strict: true)
        }
    }

    @Test("a broadcast line of the channel era reads as a send to the channel")
    func broadcastLine() throws {
        let text = "{\"t\":\"2026-10-02T07:00:01.912Z\",\"event\":\"broadcast\",\"apnsEvent\":\"update\",\"env\":\"sandbox\",\"status\":200}\n"
        let log = try FleetLogFile.read(Array(text.utf8), strict: true)
        #expect(log.lines.map(\.event) == [.send(.update, token: FleetLogFile.broadcastToken, env: .sandbox, status: 200)])
    }
}
