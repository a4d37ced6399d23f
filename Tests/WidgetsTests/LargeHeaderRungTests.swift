import BigNum
import Testing
@testable import Widgets

@Suite struct LargeHeaderRungTests {
    /// spec: Narrow-Large readability — the header ladder (fontScale, INLINE ≥, COMPACT ≥).
    static let ladder: [(String, Int, Int)] = [("1.0", 290, 219), ("1.3", 334, 244), ("2.0", 460, 325)]

    @Test("each printed rung boundary is where the rung changes (the reference configuration: 2-digit streak and longest)")
    func boundaries() {
        for (fs, inline, compact) in Self.ladder {
            let scale = Fixtures.scale(fs)
            #expect(LargeHeaderRung.resolve(width: inline, fontScale: scale) == .inline)
            #expect(LargeHeaderRung.resolve(width: inline - 1, fontScale: scale) == .compact)
            #expect(LargeHeaderRung.resolve(width: compact, fontScale: scale) == .compact)
            #expect(LargeHeaderRung.resolve(width: compact - 1, fontScale: scale) == .stacked)
        }
    }

    @Test("the reported ~230dp geometry at fontScale 1.0 resolves to COMPACT")
    func reportedGeometry() {
        #expect(LargeHeaderRung.resolve(width: 230, fontScale: 1) == .compact)
    }

    @Test("more streak or longest digits, or a wider caption, move each rung boundary up; fewer never move it down")
    func digitsAndCaption() {
        #expect(LargeHeaderRung.resolve(width: 290, fontScale: 1, streakDigits: 3) == .compact)
        #expect(LargeHeaderRung.resolve(width: 290, fontScale: 1, longestDigits: 3) == .compact)
        #expect(LargeHeaderRung.resolve(width: 219, fontScale: 1, streakDigits: 3) == .stacked)
        #expect(LargeHeaderRung.resolve(width: 219, fontScale: 1, longestDigits: 3) == .compact)  // the label is gone on COMPACT
        #expect(LargeHeaderRung.resolve(width: 219, fontScale: 1, captionExtraDp: 1) == .stacked)
        #expect(LargeHeaderRung.resolve(width: 289, fontScale: 1, streakDigits: 1, longestDigits: 1) == .compact)
        // 3 streak digits at fontScale 1.0 cost one 34sp digit: 34 × 0.611 = 20.8dp, so INLINE from 311dp.
        #expect(LargeHeaderRung.resolve(width: 310, fontScale: 1, streakDigits: 3) == .compact)
        #expect(LargeHeaderRung.resolve(width: 311, fontScale: 1, streakDigits: 3) == .inline)
    }

    @Test("only STACKED costs height: one 11sp line plus 6dp")
    func heightCost() {
        #expect(LargeHeaderRung.stacked.heightCost(fontScale: 1) == Rational(2063, 100))
        #expect(LargeHeaderRung.compact.heightCost(fontScale: 2).isZero && LargeHeaderRung.inline.heightCost(fontScale: 2).isZero)
    }
}
