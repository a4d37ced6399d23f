/// The composed VoiceOver/TalkBack label: the full state in one label (spec: Accessibility —
/// the one rule not to regress; the reactive layer's Accessibility; NEW_DAY; Large family's
/// VoiceOver; Baseline is its own branch, Q4; TalkBack now speaks the Coach line). It takes
/// no height or width: the budget governs pixels, not the label.
public struct AccessibilityLabel: Equatable, Sendable {
    /// One spoken phrase, in order.
    public enum Phrase: Equatable, Sendable {
        case app
        /// "12 day streak, longest 21", with the reactive suffix after the streak when it applies;
        /// Android Small says "12 days", the words its header row renders (W-16).
        case streak(days: Int, longest: Int, suffix: String?, daysLabel: Bool)
        /// Android Small's progress in full, "0 of 4 done", whichever form renders (W-16).
        case progress(done: Int, due: Int)
        case newDay
        /// The spoken habit list: (title, done).
        case habits([HabitPhrase])
        /// Large: the spoken list is capped to the visible window.
        case moreHabits(Int)
        case allDone
        case empty
        case firstRun
        case staleCaption(String)
        /// The Coach line's long form (never coachLineShort: TalkBack has no width budget).
        case coach(CoachLineState)
        /// Large's closing motivator, text where the spec prints it.
        case motivator(String?)

        /// The words, "…" where the spec names a phrase but does not print it.
        public var text: String {
            switch self {
            case .app: return "Objectuve."
            case let .streak(days, longest, suffix, daysLabel):
                return "\(days) \(daysLabel ? "days" : "day streak")\(suffix.map { ", \($0)" } ?? ""), longest \(longest)."
            case let .progress(done, due):
                return WidthPlan.progressText(done: done, due: due, compact: false) + "."
            case .newDay: return "New day. Tap to see today's habits."
            case .habits(let habits):
                return "Today: " + habits.map { "\($0.title) \($0.done ? "done" : "not yet")" }.joined(separator: ", ") + "."
            case .moreHabits(let n): return "\(n) more habits in the app."
            case .allDone: return "All done today."
            case .empty: return "Nothing due today. Rest counts too."
            case .firstRun: return "Open Objectuve to sync today."
            case .staleCaption(let caption): return caption + "."
            case .coach(let line): return line.template
            case .motivator(let text): return text ?? "…"
            }
        }
    }

    public struct HabitPhrase: Equatable, Sendable {
        public var title: String
        public var done: Bool
    }

    public var phrases: [Phrase]

    /// The label as spoken.
    public var text: String { phrases.map(\.text).joined(separator: " ") }
}
