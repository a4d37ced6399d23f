/// What the left column shows besides the head row.
public enum ColumnMode: String, CaseIterable, Sendable {
    /// The reactive caption row renders (defaultProgress / allDone with the layer on).
    case captionOn
    /// No caption and no footer: reactive layer off or suppressed, not STALE.
    case captionOff
    /// STALE: caption suppressed, footer reserved instead.
    case stale

    /// The medium left column's mode for a render: STALE, else caption on wherever the reactive
    /// layer draws a caption (default / all-done with extendedToday present, and NEW_DAY, whose
    /// medium caption the spec does not shed — budgeting it errs toward hiding), else off
    /// (baseline, empty).
    public static func of(state: WidgetState, snapshot: WidgetSnapshot?) -> ColumnMode {
        if state == .stale { return .stale }
        let caption = ReactiveTreatment.resolve(state: state, snapshot: snapshot)?.caption(on: .android)
        return caption == nil ? .captionOff : .captionOn
    }
}
