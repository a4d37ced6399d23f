import BigNum
import ClassicModels
import Testing
@testable import Explorer

@Suite struct BehaviourTotalTests {
    @Test("two-phase commit with 3 resource managers: the fast total equals BehaviourCount's at every depth to 12")
    func twoPhaseCommit() {
        let model = TwoPhaseCommit(resourceManagers: 3)
        for depth in [0, 1, 5, 12] {
            #expect(BehaviourTotal(model, depth: depth).run() == BehaviourCount(model, depth: depth).run().upToDepth)
        }
    }

    @Test("Die Hard to depth 60: the total equals BehaviourCount's and (6^61 - 1) / 5, three words wide")
    func dieHardPastTwoWords() {
        let total = BehaviourTotal(DieHard(), depth: 60).run()
        #expect(total == BehaviourCount(DieHard(), depth: 60).run().upToDepth)
        #expect(total == (BigInt.power(BigInt(6), 61) - 1).floorDivided(by: BigInt(5)))
        #expect(total.bitWidth > 128)
    }

    @Test("flag mutex to depth 20: the fast total equals BehaviourCount's")
    func flagMutex() {
        let model = FlagMutex(processes: 2)
        #expect(BehaviourTotal(model, depth: 20).run() == BehaviourCount(model, depth: 20).run().upToDepth)
    }

    @Test("with a world budget it follows the search's graph (nodes keyed by world actions used)")
    func budget() {
        var counter = Counter()
        counter.checks = []
        #expect(BehaviourTotal(counter, depth: 4, worldBudget: 1).run() == BigInt(3))
        for budget in [0, 1, 2] {
            #expect(BehaviourTotal(Detour(), depth: 6, worldBudget: budget).run()
                == BehaviourCount(Detour(), depth: 6, worldBudget: budget).run().upToDepth)
        }
        #expect(BehaviourTotal(counter, depth: 8, worldBudget: 3).run()
            == BehaviourCount(counter, depth: 8, worldBudget: 3).run().upToDepth)
    }
}
