import BigNum
import Testing
@testable import Widgets

@Suite struct HostBoxTests {
    @Test("the host box: 130dp high gives 84dp; widths lose 40dp")
    func hostBox() {
        #expect(HostBox.contentBox(height: 130) == 84)
        // spec: 110dp → 70dp   130dp → 90dp   180dp → 140dp   250dp → 210dp
        for (w, box) in [(110, 70), (130, 90), (180, 140), (250, 210)] {
            #expect(HostBox.contentWidth(width: w) == Rational(box))
        }
    }

    @Test("finding W-12: contentBox(110) is 64dp, not the 70dp the bounds table says")
    func floorBoxClaim() {
        #expect(HostBox.contentBox(height: 110) == 64)
        #expect(HostBox.contentWidth(width: 110) == 70)  // the 70dp belongs to the width axis
    }

    @Test("the legacy cell formula: 110dp is the top of the 2-cell band, 130dp takes 3 rows")
    func legacyCells() {
        #expect(HostBox.legacyCells(sizeDp: 110) == 2)
        #expect(HostBox.legacyCells(sizeDp: 111) == 3)
        #expect(HostBox.legacyCells(sizeDp: 130) == 3)
    }

    @Test("W-17: the resize bounds are v4.11's 500dp × 400dp: Large, its reported geometry and its widest rung all fit, none of them in 250dp × 180dp")
    func resizeBounds() {
        #expect(HostBox.maxResizeWidthDp == 500 && HostBox.maxResizeHeightDp == 400)
        #expect(HostBox.minWidthDp == 110 && HostBox.minHeightDp == 130)
        let old = (width: 250, height: 180)
        // Large resolves from 270dp high; the reported narrow-Large geometry is 230 × 330dp.
        #expect(WidgetSize.largeHeightThresholdDp <= HostBox.maxResizeHeightDp && WidgetSize.largeHeightThresholdDp > old.height)
        #expect(WidgetSize.resolve(width: 230, height: 330, kindling: true, fontScale: 1) == .large)
        #expect(330 <= HostBox.maxResizeHeightDp && 330 > old.height)
        // The INLINE rung at fontScale 2.0 fires from 460dp wide.
        #expect(460 <= HostBox.maxResizeWidthDp && 460 > old.width)
    }
}
