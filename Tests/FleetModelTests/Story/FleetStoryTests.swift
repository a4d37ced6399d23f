import Explorer
import Foundation
import Testing
@testable import FleetModel

@Suite("FleetStory")
struct FleetStoryTests {
    let model = FleetSystem(config: Fixture.config())

    @Test("a story numbers its steps, names the guard that decided, and shows the lock screen")
    func story() {
        let steps: [FleetSystem.Action] = [
            .setSession(0, .working), .tick(0), .send(0), .apply(0), .deliverPush(0), .backgroundLaunch(0), .sync(0),
        ]
        let md = FleetStory(model: model, steps: steps, property: "zombie-card:idle-phone").markdown()
        #expect(md.contains("1. **world** — session s1 becomes working."))
        #expect(md.contains("guard: endGateTrustworthiness: the count is unknown, the card is left untouched"))
        #expect(md.contains("lock screen: phone1: card #1 [1 working, 0 needs input: s1 working]"))
        #expect(md.contains("participant iOS"))
        #expect(md.contains("    iOS->>Phone1: 6. iOS launches the app in the background on phone1"))
        #expect(md.contains("    Note over Phone1: guard: endGateTrustworthiness: the count is unknown, the card is left untouched"))
        #expect(md.contains("Cause `idle-phone`"))
        #expect(md.contains("    Server_h1->>APNs: 3. start to phone1's push-to-start token: 200"))
    }

    /// Every "(step k)" a cause text names is a step of the claimed kind, and a fault is named
    /// only when the trace contains it.
    @Test("every committed story's cause text is true of its steps", arguments: FleetCounterexamplesTests.files)
    func causeTextsMatchTheSteps(_ path: String) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        let header = try JSONValue(parsing: data)
        let model = try FleetSystem(configuration: try #require(header["configuration"]))
        let trace = try Trace<FleetSystem>.load(data, for: model)
        let md = FleetStory(model: model, steps: trace.steps, property: trace.property ?? "").markdown()
        // The cause text only: the diagram after it quotes guard lines ("... token is dropped").
        let broke = md.components(separatedBy: "## What broke").last ?? ""
        let verdict = broke.components(separatedBy: "## Sequence").first ?? broke
        func step(_ k: Int) -> FleetSystem.Action? { trace.steps.indices.contains(k - 1) ? trace.steps[k - 1] : nil }
        func numbers(after phrase: String) -> [Int] {
            verdict.components(separatedBy: phrase).dropFirst().compactMap { rest in
                guard let open = rest.range(of: "(step ") else { return nil }
                return Int(rest[open.upperBound...].prefix { $0.isNumber })
            }
        }
        for k in numbers(after: "iOS did not launch") {
            guard case .declineWake? = step(k) else { Issue.record("\(path): step \(k) is not a declined launch"); continue }
        }
        for k in numbers(after: "POST was lost") {
            guard case .losePost? = step(k) else { Issue.record("\(path): step \(k) is not a lost POST"); continue }
        }
        for k in numbers(after: "APNs dropped") {
            guard case .dropPush? = step(k) else { Issue.record("\(path): step \(k) is not a dropped push"); continue }
        }
        for k in numbers(after: "registration was adopted") {
            guard case .arrivePost? = step(k) else { Issue.record("\(path): step \(k) is not a POST arriving"); continue }
        }
        for k in numbers(after: "token was registered") {
            guard case .arrivePost? = step(k) else { Issue.record("\(path): step \(k) is not a POST arriving"); continue }
        }
        for k in numbers(after: "the server decided end") {
            guard case .tick? = step(k) else { Issue.record("\(path): step \(k) is not a decide"); continue }
        }
        for k in numbers(after: "update to this card failed") {
            guard case .failSend? = step(k) else { Issue.record("\(path): step \(k) is not a failed send"); continue }
        }
        for k in numbers(after: "when it applied the tick") {
            guard case .apply? = step(k) else { Issue.record("\(path): step \(k) is not an apply"); continue }
        }
        for k in numbers(after: "the app had written") {
            switch step(k) {
            case .sync?, .openApp?, .backgroundLaunch?: break
            default: Issue.record("\(path): step \(k) is not the app's sync")
            }
        }
        for k in numbers(after: "the sessions returned to") {
            guard case .setSession? = step(k) else { Issue.record("\(path): step \(k) is not a session change"); continue }
        }
        for k in numbers(after: "and its apply") {
            guard case .apply? = step(k) else { Issue.record("\(path): step \(k) is not an apply"); continue }
        }
        let hasDrop = trace.steps.contains { if case .dropPush = $0 { true } else { false } }
        let hasDecline = trace.steps.contains { if case .declineWake = $0 { true } else { false } }
        #expect(hasDrop || !verdict.contains("dropped"), "\(path) names a dropped push its steps do not contain")
        #expect(hasDecline || !verdict.contains("did not launch"), "\(path) names a declined launch its steps do not contain")
        if md.contains("Guards off: none") { #expect(model.config.guards == .all) }
        for name in model.config.guards.switchedOff { #expect(md.contains("Guards off: \(name)") || md.contains(", \(name)")) }
    }

    @Test("every committed story is what the tool writes for its trace today", arguments: FleetCounterexamplesTests.files)
    func storyIsRegenerated(_ path: String) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        let header = try JSONValue(parsing: data)
        let model = try FleetSystem(configuration: try #require(header["configuration"]))
        let trace = try Trace<FleetSystem>.load(data, for: model)
        let committed = String(decoding: FileManager.default.contents(atPath: path.replacingOccurrences(of: ".json", with: ".md")) ?? Data(), as: UTF8.self)
        let title = String(committed.split(separator: "\n").first?.dropFirst(2) ?? "")
        let story = FleetStory(model: model, steps: trace.steps, property: trace.property ?? "").markdown(title: title)
        #expect(story == committed, "\(path): the committed story is stale; regenerate Counterexamples/")
    }
}
