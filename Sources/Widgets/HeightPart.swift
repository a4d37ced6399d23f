/// The three budgeted parts, in the order they are added.
public enum HeightPart: String, CaseIterable, Sendable {
    case core, dayStreak, longest
}
