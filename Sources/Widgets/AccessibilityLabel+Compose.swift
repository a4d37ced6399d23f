import Foundation

extension AccessibilityLabel {
    /// The label for one render of `surface`. Android appends the Coach line whenever the row
    /// shows; iOS Large speaks the motivator only when kindling draws it.
    public static func compose(
        state: WidgetState, snapshot: WidgetSnapshot?, surface: TapTarget.Surface, platform: Platform,
        asOf: Date, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> AccessibilityLabel {
        guard let snapshot, state != .firstRun else { return AccessibilityLabel(phrases: [.app, .firstRun]) }
        let treatment = ReactiveTreatment.resolve(state: state, snapshot: snapshot)
        // Android Small's contentDescription announces "12 days" and "0 of 4 done" (Width
        // budget) where the composed example says "12 day streak" (W-16).
        let small = platform == .android && surface == .small
        var phrases: [Phrase] = [.app, .streak(days: snapshot.streak, longest: snapshot.longestStreak,
                                               suffix: treatment?.accessibilitySuffix, daysLabel: small)]
        let due = snapshot.dueHabits
        if small, state == .defaultProgress || state == .stale {
            phrases.append(.progress(done: due.filter(\.checkedInToday).count, due: due.count))
        }
        switch state {
        case .newDay:
            phrases.append(.newDay)  // rows are suppressed, not greyed
        case .empty:
            phrases.append(.empty)
        case .firstRun, .stale, .allDone, .defaultProgress:
            if surface == .large, platform == .iOS {
                let window = LargeChecklist(dueHabits: due)
                phrases.append(.habits(window.visible.map { HabitPhrase(title: due[$0].title, done: due[$0].checkedInToday) }))
                if window.moreCount > 0 { phrases.append(.moreHabits(window.moreCount)) }
            } else {
                phrases.append(.habits(due.map { HabitPhrase(title: $0.title, done: $0.checkedInToday) }))
            }
            if state == .stale, let caption = StaleCaption.text(state: state, snapshot: snapshot, asOf: asOf) {
                phrases.append(.staleCaption(caption))
            }
        }
        if platform == .android, surface != .small, fixes.contains(.spokenCoachLine),
           case .snapshot(let line)? = CoachLine.shown(on: .android, state: state, snapshot: snapshot) {
            phrases.append(.coach(line))
        }
        if surface == .large, let motivator = motivator(state: state, snapshot: snapshot, platform: platform, fixes: fixes),
           snapshot.kindlingEnabled || !fixes.contains(.motivatorSpeechGate) {
            phrases.append(motivator)
        }
        return AccessibilityLabel(phrases: phrases)
    }

    /// Large's closing motivator, drawn only by the kindling body (`LargeMotivator`): nil on
    /// STALE and first-run.
    public static func motivator(
        state: WidgetState, snapshot: WidgetSnapshot, platform: Platform, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> Phrase? {
        LargeMotivator.resolve(state: state, snapshot: snapshot, platform: platform, fixes: fixes).map { .motivator($0.text) }
    }
}

extension ReactiveTreatment {
    /// The spoken suffix after the streak: "locked in for today" (flame), "today's stone laid",
    /// "today's leaf out" as printed; the other cells are our reading, the iOS caption with a
    /// lower-case first letter (the pattern of the printed stones and sprout cells).
    public var accessibilitySuffix: String? {
        if state == .extended, motif == .flame { return "locked in for today" }
        guard let caption = caption(on: .iOS), let first = caption.first else { return nil }
        return first.lowercased() + caption.dropFirst()
    }
}
