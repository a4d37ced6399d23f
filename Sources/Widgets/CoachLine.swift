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

/// What the Coach row shows on Medium/Large for one render.
public enum CoachLine {
    /// Where the shown text came from.
    public enum Source: Equatable, Sendable {
        /// The JS-written Coach template.
        case snapshot(CoachLineState)
        /// iOS's fallback to the render-time reactive caption.
        case reactiveCaption(String)
    }

    /// The Coach row's content, or nil when the row is hidden. Android: showsCoachLine fails
    /// closed on STALE, on kindlingEnabled != true and on a null coachLine. iOS: suppressed on
    /// STALE, else coachLine ?? the reactive caption. Neither gate names NEW_DAY.
    public static func shown(on platform: Platform, state: WidgetState, snapshot: WidgetSnapshot?) -> Source? {
        guard let snapshot, state != .stale else { return nil }
        switch platform {
        case .android:
            guard snapshot.kindlingEnabled, let line = snapshot.coachLine else { return nil }
            return .snapshot(line)
        case .iOS:
            if let line = snapshot.coachLine { return .snapshot(line) }
            let caption = ReactiveTreatment.resolve(state: state, snapshot: snapshot)?.caption(on: .iOS)
            return caption.map(Source.reactiveCaption)
        }
    }
}
