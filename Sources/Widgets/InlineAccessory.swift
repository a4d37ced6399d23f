import Foundation

/// The Lock Screen inline accessory's one line (spec: Lock Screen accessories,
/// inlineAccessoryText(state:snapshot:asOf:)): parts joined by " · ", the streak first, e.g.
/// "12 · 2 of 4 · Meditate left". iOS only; it reads the reactive layer, not kindling.
public enum InlineAccessory {
    public static let separator = " · "

    /// The text for `state`. The spec prints the default-progress grammar only; the other
    /// states' second part is our reading, taken from each state's own catalog copy.
    public static func text(state: WidgetState, snapshot: WidgetSnapshot?, asOf: Date) -> String {
        guard let snapshot, state != .firstRun else { return "Open Objectuve to sync today" }
        let due = snapshot.dueHabits
        let done = due.filter(\.checkedInToday).count
        var parts = ["\(snapshot.streak)"]
        switch state {
        case .defaultProgress:
            parts.append("\(done) of \(due.count)")
            if let next = due.first(where: { !$0.checkedInToday }) { parts.append("\(next.title) left") }
        case .allDone:
            parts.append("All done today")
        case .empty:
            parts.append("Nothing due today")
        case .newDay:
            parts.append("New day")
        case .stale:
            let seconds = Int(asOf.timeIntervalSince(snapshot.syncedAt).rounded(.down))
            parts.append("last synced \(seconds / 3600)h ago")
        case .firstRun:
            break
        }
        return parts.joined(separator: separator)
    }
}
