import Testing
@testable import Widgets

@Suite struct StreakMotifTests {
    @Test("stones and sprout are free; flame, mountain and waves need Supporter")
    func freeSplit() {
        #expect(StreakMotif.allCases.filter(\.isFree) == [.stones, .sprout])
    }

    @Test("a non-Supporter's saved Supporter motif resolves to stones; a Supporter keeps it")
    func effective() {
        for motif in StreakMotif.allCases {
            #expect(StreakMotif.effective(saved: motif.rawValue, isSupporter: true) == motif)
            #expect(StreakMotif.effective(saved: motif.rawValue, isSupporter: false) == (motif.isFree ? motif : .stones))
        }
    }

    @Test("an absent or unknown streakMetaphor renders stones")
    func unknownIsStones() {
        #expect(StreakMotif.resolve(nil) == .stones)
        #expect(StreakMotif.resolve("volcano") == .stones)
        #expect(StreakMotif.resolve("Flame") == .stones)
        #expect(StreakMotif.resolve("waves") == .waves)
    }
}
