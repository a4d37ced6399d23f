import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// Incident I2 (issue 47), committed whole: the app ends its card and makes another, the ended
/// card's late /update-token supersedes the new card's, and the server's next push goes to that
/// dead token, which APNs answers with 200. `check Models/fleet-card-recreated-card.json` finds it
/// as the world's shortest `zombie-card:unaddressable`; each link is checked on the committed trace.
@Suite("Incident I2")
struct FleetIncidentI2Tests {
    static let path = Repository.root + "/Counterexamples/fleet-card-recreated-card/zombie-card.unaddressable.json"

    /// The first step (1-based) after step `from` whose action and states pass `test`.
    static func step(
        in story: FleetStory, after from: Int, _ test: (FleetSystem.Action, FleetState, FleetState) -> Bool
    ) -> Int? {
        (from..<story.steps.count).first { test(story.steps[$0], story.states[$0], story.states[$0 + 1]) }.map { $0 + 1 }
    }

    static func isSync(_ a: FleetSystem.Action) -> Bool { if case .sync(0) = a { true } else { false } }
    static func isArrival(_ a: FleetSystem.Action) -> Bool { if case .arrivePost = a { true } else { false } }
    static func slot(_ s: FleetState) -> [UInt8] { s.registries[0].update.map(\.token) }

    @Test("the app ends its card and makes another, the ended card's token lands last, the server's push to it answers 200 and is counted, the new card is left wrong")
    func chain() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.path))
        let model = try FleetSystem(configuration: try #require(try JSONValue(parsing: data)["configuration"]))
        let trace = try Trace<FleetSystem>.load(data, for: model)
        let story = FleetStory(model: model, steps: trace.steps, property: trace.property ?? "")
        #expect(story.property == "zombie-card:unaddressable")
        #expect(story.model.guards == Guards())
        // Tokens are renumbered in every state, so each link is read inside its own states: a
        // dead token is one no phone's install or card holds.
        func dead(_ s: FleetState, _ token: UInt8) -> Bool { token != 0 && story.model.owner(of: token, in: s) == nil }
        func shown(_ s: FleetState) -> [UInt8] { s.devices[0].cards.map(\.token) }
        // Every card the phone shows is one the app requested: no push-started card takes part.
        #expect(story.states.allSatisfy { $0.devices[0].cards.allSatisfy { $0.origin == .app } })
        // The app, in the foreground, requests its first card (Path A).
        let made1 = try #require(Self.step(in: story, after: 0) { a, before, after in
            Self.isSync(a) && before.devices[0].cards.isEmpty && after.devices[0].cards.count == 1
        })
        // The session goes idle: the app's end gate ends that card and posts /ended, while the
        // card's /update-token, posted before, is still in flight with a token now dead.
        let ended1 = try #require(Self.step(in: story, after: made1) { a, before, after in
            Self.isSync(a) && before.devices[0].cards.count == 1 && after.devices[0].cards.isEmpty
                && after.posts.filter { $0.endpoint == .ended }.count > before.posts.filter { $0.endpoint == .ended }.count
        })
        let afterEnd = story.states[ended1]
        #expect(afterEnd.devices[0].app == .foreground)
        #expect(afterEnd.posts.contains { $0.endpoint == .updateToken && dead(afterEnd, $0.token) })
        // The session works again: the app requests a second card.
        let made2 = try #require(Self.step(in: story, after: ended1) { a, before, after in
            Self.isSync(a) && before.devices[0].cards.isEmpty && after.devices[0].cards.count == 1
        })
        // The second card's token is registered, then the first card's, late, supersedes it.
        let registered2 = try #require(Self.step(in: story, after: made2) { a, _, after in
            Self.isArrival(a) && !shown(after).isEmpty && Self.slot(after) == shown(after)
        })
        let superseded = try #require(Self.step(in: story, after: registered2) { a, before, after in
            Self.isArrival(a) && Self.slot(before) == shown(before) && shown(after).count == 1
                && Self.slot(after).count == 1 && dead(after, Self.slot(after)[0])
        })
        // The server's next push goes to the dead token; APNs accepts it (200), and the apply
        // counts it delivered (the tick ends with its threshold met).
        let sent = try #require(Self.step(in: story, after: superseded) { a, _, after in
            guard case .send(0) = a, let tick = after.servers[0].tick else { return false }
            return tick.targets.contains { dead(after, $0.token) && $0.outcome == .accepted }
        })
        guard sent < story.steps.count, case .apply(0) = story.steps[sent] else {
            Issue.record("the send to the dead token is not followed by the tick's apply"); return
        }
        let final = try #require(story.states.last)
        #expect(sent + 1 == story.steps.count && final.servers[0].tick == nil)
        // At quiescence the phone shows the second card, wrong, and the server holds the dead token.
        #expect(shown(final).count == 1 && final.devices[0].cards.first?.content != story.model.truth(final))
        #expect(Self.slot(final).count == 1 && dead(final, Self.slot(final)[0]))
        #expect(story.model.zombieCause(final, 0) == "unaddressable")
        let text = try #require(story.causeText("zombie-card", "unaddressable"))
        #expect(text.contains("was registered (step \(registered2))") && text.contains("arrived (step \(superseded))"), "\(text)")
    }

    @Test("its steps break the same property with no push-to-start rotation, three cards and four POSTs in flight: the world's restrictions only make I2 the shortest")
    func unrestricted() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.path))
        let committed = try FleetSystem(configuration: try #require(try JSONValue(parsing: data)["configuration"]))
        let trace = try Trace<FleetSystem>.load(data, for: committed)
        var config = committed.config
        config.world.pushToStartRotation = false
        config.bounds.maxCardsPerDevice = 3
        config.bounds.maxPostsInFlight = 4
        let model = FleetSystem(config: config)
        let replayed = Trace(model: model, initialState: trace.initialState, steps: trace.steps, property: trace.property)
        #expect(replayed.states.count == trace.steps.count + 1)
        let outcome = Replay(model).run(replayed)
        #expect(outcome.reproduced, "\(outcome)")
    }
}
