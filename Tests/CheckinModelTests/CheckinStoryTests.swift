import Explorer
import Testing
@testable import CheckinModel
@testable import Widgets

@Suite struct CheckinStoryTests {
    let model = CheckinSystem(config: CheckinConfig())

    @Test("the kill-mid-drain story says what each step did, read off the states")
    func killMidDrain() {
        let steps: [CheckinAction] = [.tap(goal: 0), .openApp, .finishTap, .drain, .kill]
        let md = CheckinStory(model: model, steps: steps, property: "lost-checkin:kill-mid-drain").markdown()
        #expect(md.contains("1. **user** — the user taps habit g1 on the widget. pending queue [] → [g1@2026-03-07]."))
        #expect(md.contains("4. **app** — the app drains the pending queue. pending queue [g1@2026-03-07] → []; in JS memory: [g1@2026-03-07]."))
        #expect(md.contains("**g1@2026-03-07 now exists nowhere** (kill-mid-drain)"))
        #expect(md.contains("Cause `kill-mid-drain`"))
        #expect(!md.contains("not enabled"))
    }

    @Test("the flush is said to write nothing only when the store has not hydrated")
    func flushPhrase() {
        let early: [CheckinAction] = [.tap(goal: 0), .openApp, .drain, .enqueue, .flush]
        let late: [CheckinAction] = [.tap(goal: 0), .openApp, .hydrate, .drain, .enqueue, .flush]
        #expect(CheckinStory(model: model, steps: early, property: "x").markdown().contains("the flush writes nothing"))
        let md = CheckinStory(model: model, steps: late, property: "x").markdown()
        #expect(!md.contains("the flush writes nothing"))
        #expect(md.contains("store disk [g1@2026-03-07]"))
    }

    @Test("a step the model does not enable stops the story, and it says so")
    func disabled() {
        let md = CheckinStory(model: model, steps: [.tap(goal: 0), .enqueue], property: "x").markdown()
        #expect(md.contains("Step 2 is not enabled"))
    }

    @Test("midnight moves the local day across the spring-forward and the tap keeps its own day")
    func midnight() {
        let steps: [CheckinAction] = [.tap(goal: 0), .finishTap, .midnight, .startDelivery(path: 0), .post(path: 0)]
        let md = CheckinStory(model: model, steps: steps, property: "reach:credited-across-midnight").markdown()
        #expect(md.contains("it is now 2026-03-08"))
        #expect(md.contains("server records g1 for 2026-03-07"))
    }
}
