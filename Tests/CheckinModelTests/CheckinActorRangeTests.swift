import Testing
@testable import CheckinModel

/// The check-in model names a habit or a delivery path it lacks as out of range.
@Suite("CheckinSystem actor range")
struct CheckinActorRangeTests {
    @Test("habits 0..<goals and paths 0...1 pass; one past, and -1, are named")
    func ranges() {
        var config = CheckinConfig()
        config.goals = 2
        let m = CheckinSystem(config: config)
        #expect(m.actorOutOfRange(.tap(goal: 1)) == nil)
        #expect(m.actorOutOfRange(.post(path: 1)) == nil)
        #expect(m.actorOutOfRange(.midnight) == nil)
        #expect(m.actorOutOfRange(.tap(goal: 2)) == "habit index 2 out of range: the trace's configuration has 2 habits (0...1)")
        #expect(m.actorOutOfRange(.tap(goal: -1)) == "habit index -1 out of range: the trace's configuration has 2 habits (0...1)")
        #expect(m.actorOutOfRange(.failPost(path: 2)) == "delivery path index 2 out of range: there are 2 (0 tap-time, 1 scheduler-retry)")
    }
}
