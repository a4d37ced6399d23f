import BigNum
import Testing
@testable import Widgets

@Suite struct LargeHeaderRungTests {
    /// spec: Narrow-Large readability — the header ladder (fontScale, INLINE ≥, COMPACT ≥).
    static let ladder: [(String, Int, Int)] = [("1.0", 290, 219), ("1.3", 334, 244), ("2.0", 460, 325)]

    @Test("each printed rung boundary is where the rung changes (thresholds are data, see W-11)")
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

    @Test("only STACKED costs height: one 11sp line plus 6dp")
    func heightCost() {
        #expect(LargeHeaderRung.stacked.heightCost(fontScale: 1) == Rational(2063, 100))
        #expect(LargeHeaderRung.compact.heightCost(fontScale: 2).isZero && LargeHeaderRung.inline.heightCost(fontScale: 2).isZero)
    }
}
