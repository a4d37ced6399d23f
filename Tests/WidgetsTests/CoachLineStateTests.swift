import Testing
@testable import Widgets

@Suite struct CoachLineStateTests {
    @Test("the four states and their printed templates")
    func states() {
        func h(_ id: String, _ due: Bool, _ done: Bool) -> WidgetHabit { Fixtures.habit(id, due: due, done: done) }
        #expect(CoachLineState.resolve(dueHabits: [], metaphor: .stones) == nil)
        #expect(CoachLineState.resolve(dueHabits: [h("a", true, false)], metaphor: .stones) == .notYetNewDay)
        #expect(CoachLineState.resolve(dueHabits: [h("a", true, true), h("b", true, false)], metaphor: .stones) == .inProgress)
        #expect(CoachLineState.resolve(dueHabits: [h("a", true, true), h("b", true, false)], metaphor: .flame) == .flameSupporter)
        #expect(CoachLineState.resolve(dueHabits: [h("a", true, true)], metaphor: .flame) == .allDone)
        #expect(CoachLineState.notYetNewDay.template == "Add today's stone to keep the tower rising.")
        #expect(CoachLineState.inProgress.template == "One more and today's stone is set.")
        #expect(CoachLineState.flameSupporter.template == "One more and today's fire is fed.")
        #expect(CoachLineState.allDone.template == "You showed up again. That's the whole game.")
    }
}
