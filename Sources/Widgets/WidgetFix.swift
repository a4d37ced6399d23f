/// The shipped fixes the spec documents, each a switch so a test can turn one off and watch
/// the property it protects find the old bug again.
public enum WidgetFix: String, CaseIterable, Sendable {
    /// NEW_DAY on a local-midnight rollover (OBJ-1350): no "Locked in today" the next morning.
    case newDayRollover
    /// The optimistic tap clears coachLine (OBJ-2436): no "Add today's stone…" on a 5-of-5 card.
    case clearsCoachLineOnTap
    /// ALL_DONE copy reads extendedToday and has a pending branch (OBJ-3256).
    case pendingAllDoneCopy
    /// Baseline is its own ALL_DONE branch: iOS (OBJ-3317) and Android Small (OBJ-3315).
    case baselineBranch
    /// A STALE surface never invites a check-off, on Medium too (Android, carried from PR #1671).
    case staleTapGate
    /// Large's spoken motivator is gated on the kindling flag, like the line it describes (Q4).
    case motivatorSpeechGate
    /// TalkBack speaks the Coach line whenever it shows (OBJ-2428); before, it was never spoken.
    case spokenCoachLine
    /// In NEW_DAY the reactive caption row is only the fallback for the "New day" line (OBJ-1382).
    case newDayCaptionFallback
    /// main_row is 0dp + weight 1, so the STALE footer reserves its height first (OBJ-1372 audit).
    case footerReservedFirst

    /// Everything the spec says has shipped.
    public static let shipped = Set(allCases)
}
