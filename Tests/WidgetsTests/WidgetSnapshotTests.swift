import Foundation
import Testing
@testable import Widgets

@Suite struct WidgetSnapshotTests {
    @Test("due habits keep display order and skip habits not due today")
    func dueHabits() {
        let s = Fixtures.snapshot(
            syncedAt: Fixtures.utc(2026, 3, 10, 9),
            habits: [Fixtures.habit("a", due: false), Fixtures.habit("b"), Fixtures.habit("c", due: false), Fixtures.habit("d", done: true)])
        #expect(s.dueHabits.map(\.id) == ["b", "d"])
    }
}
