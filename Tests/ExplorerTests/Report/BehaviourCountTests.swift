import BigNum
import ClassicModels
import Testing
@testable import Explorer

@Suite struct BehaviourCountTests {
    /// Counts by brute force: every action sequence of length ≤ depth, each replayed.
    func bruteForce(_ model: DieHard, depth: Int) -> (all: Int, breaking: Int) {
        var all = 0, breaking = 0
        func walk(_ s: DieHard.State, _ length: Int, _ broken: Bool) {
            all += 1
            if broken { breaking += 1 }
            guard length < depth else { return }
            for a in model.actions(in: s) {
                guard let t = model.next(s, a) else { continue }
                walk(t, length + 1, broken || t.big == model.target)
            }
        }
        walk(model.initialStates()[0], 0, false)
        return (all, breaking)
    }

    @Test("Die Hard to depth 6: the counts equal a brute-force enumeration of every sequence")
    func dieHard() {
        let model = DieHard()
        let report = BehaviourCount(model, depth: 6).run()
        let brute = bruteForce(model, depth: 6)
        #expect(report.upToDepth == BigInt(brute.all))
        #expect(report.upToDepth == BigInt(55_987))  // 1 + 6 + ... + 6^6: every action always enabled
        #expect(report.atDepth == BigInt(46_656))
        #expect(report.properties[0].upToDepth == BigInt(brute.breaking))
        #expect(report.share("big is not the target") == Rational(BigInt(brute.breaking), BigInt(brute.all)))
    }

    @Test("counts past 64 bits stay exact: Die Hard to depth 30 has (6^31 - 1) / 5 behaviours")
    func pastSixtyFourBits() {
        let report = BehaviourCount(DieHard(), depth: 30).run()
        let expected = (BigInt.power(BigInt(6), 31) - 1).floorDivided(by: BigInt(5))
        #expect(report.upToDepth == expected)
        #expect(report.upToDepth.bitWidth > 64)
    }

    @Test("a world budget limits the behaviours counted")
    func budget() {
        var model = Counter()
        model.checks = []
        let unbudgeted = BehaviourCount(model, depth: 4).run()
        let budgeted = BehaviourCount(model, depth: 4, worldBudget: 1).run()
        #expect(budgeted.upToDepth < unbudgeted.upToDepth)
        // With one world action: [], [add], [add, apply]: paths of length 0, 1, 2.
        #expect(budgeted.upToDepth == BigInt(3))
    }
}
