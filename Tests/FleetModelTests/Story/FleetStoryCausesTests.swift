import Explorer
import Foundation
import Testing
@testable import FleetModel

/// A failed send names one of two causes, told apart by what the steps did with it: the server
/// counted it delivered (advanced-despite-failure), or the threshold held its memory while the app
/// wrote the card (other-writer-moved). Each is checked on its committed trace.
@Suite("FleetStory causes")
struct FleetStoryCausesTests {
    static let held = Repository.root + "/Counterexamples/fleet-card-other-writer/zombie-card.other-writer-moved.json"
    static let counted = Repository.root
        + "/Counterexamples/fleet-card/zombie-card.advanced-despite-failure-allAcceptedForUpdateAndEnd-off.json"

    func story(_ path: String) throws -> FleetStory {
        let data = try #require(FileManager.default.contents(atPath: path))
        let model = try FleetSystem(configuration: try #require(try JSONValue(parsing: data)["configuration"]))
        let trace = try Trace<FleetSystem>.load(data, for: model)
        return FleetStory(model: model, steps: trace.steps, property: trace.property ?? "")
    }

    @Test("a failed update the threshold held, then the sessions' return, is other-writer-moved")
    func heldIsOtherWriterMoved() throws {
        let story = try story(Self.held)
        let final = try #require(story.states.last)
        #expect(story.states.count == story.steps.count + 1)
        #expect(story.model.guards.allAcceptedForUpdateAndEnd)
        #expect(story.model.zombieCause(final, 0) == "other-writer-moved")
        let card = try #require(final.devices[0].cards.first)
        #expect(card.sendFailed && !card.failureCounted)
        let (fail, apply, kept) = try #require(story.failedSendHeld)
        guard case .failSend = story.steps[fail - 1], case .apply = story.steps[apply - 1] else {
            Issue.record("the held failure is not a failed send then an apply"); return
        }
        #expect(final.servers[0].memory == .card(kept) && card.content != kept && story.model.truth(final) == kept)
        let text = try #require(story.causeText("zombie-card", "other-writer-moved"))
        #expect(text.hasPrefix("the server's update to this card failed (step \(fail)) and the delivery threshold kept its memory"))
        #expect(text.contains("(step \(apply))") && text.contains("the sessions returned to"))
        #expect(!story.markdown().contains("counted the tick as delivered"))
    }

    @Test("a failed send counted as delivered keeps advanced-despite-failure")
    func countedKeepsItsCause() throws {
        let story = try story(Self.counted)
        let final = try #require(story.states.last)
        #expect(!story.model.guards.allAcceptedForUpdateAndEnd)
        #expect(story.model.zombieCause(final, 0) == "advanced-despite-failure")
        #expect(final.devices[0].cards.contains { $0.sendFailed && $0.failureCounted })
        #expect(story.failedSendHeld == nil)
        #expect(story.markdown().contains("Cause `advanced-despite-failure`: the send to the real card failed, yet the server counted the tick as delivered."))
    }
}
