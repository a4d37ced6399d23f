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
}
