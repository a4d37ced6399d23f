/// Large's closing motivator line (spec: Large family, item 4: largeMotivatorText(state:
/// metaphor:flame:doneCount:dueCount:), "e.g. 'Set the first stone — the tower starts today.' /
/// 'Lay the last stone to keep the tower rising.' / 'Today's stone laid. Rest easy.'").
public struct LargeMotivator: Equatable, Sendable {
    /// The words, nil where the spec describes the line but does not print it.
    public var text: String?

    public static let firstStone = "Set the first stone — the tower starts today."
    public static let lastStone = "Lay the last stone to keep the tower rising."

    /// The motivator for one Large render, nil where there is none (STALE and first-run: the
    /// sync footer takes its place). ALL_DONE is the branch table of `AllDoneCopy`. The two
    /// printed in-progress lines are our reading (W-18): the examples run first stone, last
    /// stone, all done, and the function takes doneCount and dueCount, so on iOS, stones,
    /// DEFAULT with none done is the first stone and with one left the last; with one due and
    /// none done, the first (the Coach line's resolve checks none-done before in-progress).
    /// Android's motivator strings (motivatorStringRes) are not printed outside ALL_DONE.
    public static func resolve(
        state: WidgetState, snapshot: WidgetSnapshot, platform: Platform, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> LargeMotivator? {
        let motif = StreakMotif.resolve(snapshot.streakMetaphor)
        switch state {
        case .stale, .firstRun:
            return nil
        case .allDone:
            let reactive = ReactiveTreatment.resolve(state: state, snapshot: snapshot)?.state ?? .baseline
            return LargeMotivator(text: AllDoneCopy.line(
                at: .largeMotivator, on: platform, motif: motif, reactive: reactive, fixes: fixes)?.text)
        case .defaultProgress:
            let due = snapshot.dueHabits, done = due.filter(\.checkedInToday).count
            guard platform == .iOS, motif == .stones else { return LargeMotivator(text: nil) }
            if done == 0 { return LargeMotivator(text: firstStone) }
            if due.count - done == 1 { return LargeMotivator(text: lastStone) }
            return LargeMotivator(text: nil)
        case .newDay, .empty:
            // NEW_DAY's counts are yesterday's; EMPTY has none: no printed line for either.
            return LargeMotivator(text: nil)
        }
    }
}
