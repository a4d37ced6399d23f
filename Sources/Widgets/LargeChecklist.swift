/// Large's capped habit checklist (spec: Large family, largeVisibleWindow).
public struct LargeChecklist: Equatable, Sendable {
    /// At most this many rows render, so the closing motivator is never pushed out.
    public static let maxVisibleRows = 4

    /// Indices (into the due-habit list) of the rows that render, in order.
    public var visible: Range<Int>
    /// The next-due row, nil when every habit is checked in.
    public var active: Int?
    /// How many rows the "+N more" line counts; 0 means no line.
    public var moreCount: Int
    /// True on the all-done checklist ("+N more done"), else "+N more in the app".
    public var allDone: Bool

    /// The window over `dueHabits`: the first rows, slid forward so the next-due row lands last
    /// rather than being dropped.
    public init(dueHabits: [WidgetHabit]) {
        let cap = Self.maxVisibleRows
        active = dueHabits.firstIndex { !$0.checkedInToday }
        allDone = active == nil
        var start = 0
        if let active, active >= cap { start = active - cap + 1 }
        visible = start..<min(dueHabits.count, start + cap)
        moreCount = dueHabits.count - visible.count
    }

    /// The overflow line's text, nil when nothing is hidden.
    public var moreText: String? {
        guard moreCount > 0 else { return nil }
        return allDone ? "+\(moreCount) more done" : "+\(moreCount) more in the app"
    }
}
