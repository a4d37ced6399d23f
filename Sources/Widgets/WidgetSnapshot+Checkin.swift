/// The widget-native optimistic check-off (spec: Coach-line ownership & widget-native
/// mutation contract, OBJ-2436).
extension WidgetSnapshot {
    /// The snapshot after a tap on `habitId`, or nil when the tap is a no-op (habit unknown,
    /// not due, or already checked in). Flips checkedInToday and clears coachLine in the same
    /// step; extendedToday is deliberately left untouched (Pending-ALL_DONE copy fix).
    ///
    /// Android's withOptimisticCheckin removes only the coachLine key: coachLineShort survives
    /// (the spec calls it inert because the row's gate is coachLine-only). iOS has no
    /// coachLineShort field at all, so there is nothing to carry.
    public func checkingIn(
        habitId: String, on platform: Platform, fixes: Set<WidgetFix> = WidgetFix.shipped
    ) -> WidgetSnapshot? {
        guard let index = habits.firstIndex(where: { $0.id == habitId }),
              habits[index].dueToday, !habits[index].checkedInToday else { return nil }
        var next = self
        next.habits[index].checkedInToday = true
        if fixes.contains(.clearsCoachLineOnTap) { next.coachLine = nil }
        if platform == .iOS { next.coachLineShort = nil }
        return next
    }
}
