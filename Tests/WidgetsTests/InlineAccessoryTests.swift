import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct InlineAccessoryTests {
    @Test("the printed example: '12 · 2 of 4 · Meditate left'")
    func printed() {
        let habits = [("Morning run", true), ("Read 20 min", true), ("Meditate", false), ("No sugar", false)].enumerated().map {
            WidgetHabit(id: "h\($0.offset)", title: $0.element.0, dueToday: true, checkedInToday: $0.element.1)
        }
        let synced = Fixtures.utc(2026, 3, 10, 9)
        let s = Fixtures.snapshot(syncedAt: synced, habits: habits)
        #expect(InlineAccessory.text(state: .defaultProgress, snapshot: s, asOf: synced) == "12 · 2 of 4 · Meditate left")
    }

    @Test("property: the streak leads; default progress counts the due habits and names the next one")
    func grammar() {
        forAll("the inline accessory grammar", Gens.render(traveller: true), cover: ["default"]) { c, check in
            guard c.platformValue == .iOS else { return }
            let text = InlineAccessory.text(state: c.state, snapshot: c.rendered, asOf: c.asOf)
            let parts = text.components(separatedBy: InlineAccessory.separator)
            guard let snapshot = c.rendered, c.state != .firstRun else {
                try check.expect(parts == ["Open Objectuve to sync today"], "first-run reads '\(text)'")
                return
            }
            try check.expect(parts.first == "\(snapshot.streak)", "'\(text)' does not lead with the streak")
            if c.state == .defaultProgress {
                check.label("default")
                let due = snapshot.dueHabits
                let next = due.first { !$0.checkedInToday }
                try check.expect(parts.count == 3 && parts[1] == "\(due.filter(\.checkedInToday).count) of \(due.count)"
                                 && parts[2] == "\(next?.title ?? "") left", "'\(text)'")
            }
        }
    }
}
