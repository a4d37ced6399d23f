/// Whether a habit row (or Small's CTA) checks the habit off from the widget (spec:
/// Interactive check-off (v4.7); The check-off write path, step 1; Read-only remains the
/// fallback). Everything else falls back to the whole-widget deep link, never a crash.
public enum TapTarget {
    /// A surface that can carry a per-habit tap.
    public enum Surface: String, CaseIterable, Sendable {
        case small, medium, large
    }

    /// Android: a click PendingIntent goes on a row that is due, not yet checked in, has a
    /// stable id, kindling on, and not STALE — uniformly on Small/Medium/Large since the fix
    /// of a defect carried from Medium's PR #1671. iOS: kindling on, a stable id and iOS 17+
    /// (the spec names no STALE gate on iOS). On both, never in NEW_DAY: its habit rows are
    /// absent (not greyed), the due list is yesterday's, and on Android Small the whole widget
    /// is one tap target, so a check-off there would credit yesterday's list to today.
    /// `kindling` is kindling_widget_enabled as the snapshot mirrors it.
    public static func checksOff(
        _ habit: WidgetHabit, on surface: Surface, platform: Platform, state: WidgetState,
        kindling: Bool, iOS17: Bool = true, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> Bool {
        guard state != .newDay else { return false }
        guard habit.dueToday, !habit.checkedInToday, habit.id != nil, kindling else { return false }
        switch platform {
        case .android:
            // Before the fix, Medium's rows skipped the STALE check.
            let gatesStale = fixes.contains(.staleTapGate) || surface != .medium
            return !(gatesStale && state == .stale)
        case .iOS:
            return iOS17
        }
    }
}
