/// The Coach line (spec: Coach line; Coach-line ownership & widget-native mutation contract).
public enum CoachLineState: String, CaseIterable, Sendable {
    case notYetNewDay = "not-yet-new-day"
    case inProgress = "in-progress"
    case flameSupporter = "flame-supporter"
    case allDone = "all-done"

    /// resolveCoachLineState(dueHabits, metaphor): nil when nothing is due.
    public static func resolve(dueHabits: [WidgetHabit], metaphor: StreakMotif) -> CoachLineState? {
        guard !dueHabits.isEmpty else { return nil }
        let done = dueHabits.filter(\.checkedInToday).count
        if done == dueHabits.count { return .allDone }
        if done == 0 { return .notYetNewDay }
        return metaphor == .flame ? .flameSupporter : .inProgress
    }

    /// The COACH_LINE_TEMPLATES line.
    public var template: String {
        switch self {
        case .notYetNewDay: return "Add today's stone to keep the tower rising."
        case .inProgress: return "One more and today's stone is set."
        case .flameSupporter: return "One more and today's fire is fed."
        case .allDone: return "You showed up again. That's the whole game."
        }
    }
}
