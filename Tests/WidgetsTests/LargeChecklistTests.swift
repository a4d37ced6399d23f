import PropertyTesting
import Testing
@testable import Widgets

@Suite struct LargeChecklistTests {
    func habits(_ done: [Bool]) -> [WidgetHabit] {
        done.enumerated().map { Fixtures.habit("h\($0.offset)", done: $0.element) }
    }

    @Test("up to four rows render with no overflow line")
    func short() {
        let w = LargeChecklist(dueHabits: habits([true, false, false]))
        #expect(w.visible == 0..<3 && w.active == 1 && w.moreText == nil)
    }

    @Test("a next-due row past the fourth slot slides the window so it lands last")
    func slides() {
        let w = LargeChecklist(dueHabits: habits([true, true, true, true, true, false, false]))
        #expect(w.visible == 2..<6 && w.active == 5)
        #expect(w.moreText == "+3 more in the app")
    }

    @Test("all done shows the first four and counts the rest as done")
    func allDone() {
        let w = LargeChecklist(dueHabits: habits([true, true, true, true, true, true]))
        #expect(w.visible == 0..<4 && w.active == nil && w.moreText == "+2 more done")
    }

    @Test("no due habits: an empty window and no line")
    func empty() {
        let w = LargeChecklist(dueHabits: [])
        #expect(w.visible.isEmpty && w.moreCount == 0 && w.moreText == nil)
    }

    // MARK: properties

    @Test("at most 4 rows, the next-due row always among them, and '+N more' counts the rest")
    func windowProperty() {
        let lists = Gen<[Bool]>.array(of: .bool, count: 0...12)
        forAll("the Large window keeps the next-due row", lists, cover: ["slid", "overflow"]) { done, check in
            let w = LargeChecklist(dueHabits: habits(done))
            check.label("slid", when: w.visible.lowerBound > 0)
            check.label("overflow", when: w.moreCount > 0)
            try check.expect(w.visible.count == min(4, done.count), "\(w.visible.count) rows")
            try check.expect(w.active == done.firstIndex(of: false), "active \(String(describing: w.active))")
            if let active = w.active { try check.expect(w.visible.contains(active), "next-due row hidden") }
            try check.expect(w.moreCount == done.count - w.visible.count, "+\(w.moreCount)")
        }
    }
}
