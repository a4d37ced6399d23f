import Testing
@testable import Widgets

@Suite struct LargeMotivatorTests {
    static let synced = Fixtures.utc(2026, 3, 10, 9)

    static func snapshot(done: Int, due: Int, metaphor: String? = "stones", extended: Bool? = false) -> WidgetSnapshot {
        let habits = (0..<due).map { Fixtures.habit("h\($0)", done: $0 < done) } + [Fixtures.habit("x", due: false)]
        return Fixtures.snapshot(syncedAt: synced, habits: habits, extendedToday: extended, metaphor: metaphor)
    }

    static func text(_ s: WidgetSnapshot, _ state: WidgetState = .defaultProgress, on platform: Platform = .iOS) -> String?? {
        LargeMotivator.resolve(state: state, snapshot: s, platform: platform).map(\.text)
    }

    @Test("W-18: the two printed in-progress stones lines, by done and due count (iOS DEFAULT)")
    func printedLines() {
        #expect(Self.text(Self.snapshot(done: 0, due: 4)) == LargeMotivator.firstStone)
        #expect(Self.text(Self.snapshot(done: 3, due: 4)) == LargeMotivator.lastStone)
        #expect(Self.text(Self.snapshot(done: 0, due: 1)) == LargeMotivator.firstStone)  // first before last
        #expect(Self.text(Self.snapshot(done: 1, due: 2)) == LargeMotivator.lastStone)
        #expect(Self.text(Self.snapshot(done: 2, due: 4)) == .some(nil))  // between them: not printed
        // the reactive state does not pick these lines; an absent streakMetaphor resolves to stones
        for extended in [true, false, nil] as [Bool?] {
            #expect(Self.text(Self.snapshot(done: 0, due: 2, metaphor: nil, extended: extended)) == LargeMotivator.firstStone)
        }
        #expect(LargeMotivator.firstStone == "Set the first stone — the tower starts today.")
        #expect(LargeMotivator.lastStone == "Lay the last stone to keep the tower rising.")
    }

    @Test("unprinted cells stay unprinted: other motifs, Android, NEW_DAY and EMPTY; no line on STALE and first-run")
    func elsewhere() {
        for motif in ["sprout", "flame", "mountain", "waves"] {
            #expect(Self.text(Self.snapshot(done: 0, due: 4, metaphor: motif)) == .some(nil), "\(motif)")
        }
        #expect(Self.text(Self.snapshot(done: 0, due: 4), on: .android) == .some(nil))
        #expect(Self.text(Self.snapshot(done: 0, due: 4), .newDay) == .some(nil))
        #expect(Self.text(Self.snapshot(done: 0, due: 0), .empty) == .some(nil))
        #expect(Self.text(Self.snapshot(done: 0, due: 4), .stale) == .none)
        #expect(Self.text(Self.snapshot(done: 0, due: 4), .firstRun) == .none)
        #expect(Self.text(Self.snapshot(done: 4, due: 4, extended: true), .allDone) == "Today's stone laid. Rest easy.")
    }

    @Test("the Large label speaks the printed line instead of '…'")
    func spoken() {
        let s = Self.snapshot(done: 0, due: 2)
        let label = AccessibilityLabel.compose(state: .defaultProgress, snapshot: s, surface: .large, platform: .iOS, asOf: Self.synced)
        #expect(label.text.hasSuffix(" Set the first stone — the tower starts today."))
        #expect(!label.text.contains("…"))
    }
}
