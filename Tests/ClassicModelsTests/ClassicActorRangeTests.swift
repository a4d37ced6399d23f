import Testing
@testable import ClassicModels

/// The classic models name a process or resource manager past their count as out of range.
@Suite("Classic models actor range")
struct ClassicActorRangeTests {
    @Test("flag mutex: processes 0..<n pass, n and -1 are named")
    func flagMutex() {
        let m = FlagMutex(processes: 3)
        #expect(m.actorOutOfRange(.init(process: 2, wants: true)) == nil)
        #expect(m.actorOutOfRange(.init(process: 3, wants: true)) == "process index 3 out of range: the model has 3 (0...2)")
        #expect(m.actorOutOfRange(.init(process: -1, wants: false)) == "process index -1 out of range: the model has 3 (0...2)")
    }

    @Test("two-phase commit: every offered action passes, a manager past the count is named")
    func twoPhaseCommit() {
        let m = TwoPhaseCommit(resourceManagers: 3)
        let offered = m.actions(in: m.initialStates()[0])
        #expect(!offered.isEmpty)
        for a in offered { #expect(m.actorOutOfRange(a) == nil) }
        let bad = TwoPhaseCommit.Action(.rmPrepare, 5)
        #expect(m.actorOutOfRange(bad) == "resource manager index 5 out of range: the model has 3 (0...2)")
    }
}
