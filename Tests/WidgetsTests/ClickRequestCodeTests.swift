import Testing
@testable import Widgets

@Suite struct ClickRequestCodeTests {
    @Test("codes are appWidgetId * 10 + rowIndex")
    func scheme() {
        #expect(ClickRequestCode.make(appWidgetId: 7, rowIndex: 3) == 73)
    }

    @Test("within 6 rows, the codes of widgets 1…300 never collide")
    func noCollisionsSmallIds() {
        var seen = Set<Int32>()
        for id in Int32(1)...300 {
            for row in Int32(0)..<Int32(ClickRequestCode.maxRows) {
                #expect(seen.insert(ClickRequestCode.make(appWidgetId: id, rowIndex: row)).inserted)
            }
        }
    }

    @Test("beyond the cap, row 10 of one widget is row 0 of the next")
    func tenthRowCollides() {
        #expect(ClickRequestCode.make(appWidgetId: 4, rowIndex: 10) == ClickRequestCode.make(appWidgetId: 5, rowIndex: 0))
        #expect(ClickRequestCode.make(appWidgetId: 4, rowIndex: 9) != ClickRequestCode.make(appWidgetId: 5, rowIndex: 0))
    }

    @Test("finding W-3: ids above 214,748,364 overflow the Java int and collide within 6 rows")
    func overflowCollides() {
        #expect(ClickRequestCode.make(appWidgetId: 1, rowIndex: 0) == ClickRequestCode.make(appWidgetId: 858_993_460, rowIndex: 2))
    }
}
