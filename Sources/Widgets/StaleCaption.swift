import Foundation

/// The STALE caption (spec: Stale-data threshold; State catalog, Stale row): last-synced data
/// plus "Today · last synced Xh ago", never a spinner or fake data.
public enum StaleCaption {
    /// The caption at `asOf`, nil unless the state is STALE. X counts whole hours since the
    /// sync, rounded down (the spec prints only the "Xh" form, so days stay in hours).
    public static func text(state: WidgetState, snapshot: WidgetSnapshot?, asOf: Date) -> String? {
        guard state == .stale, let snapshot else { return nil }
        let seconds = Int(asOf.timeIntervalSince(snapshot.syncedAt).rounded(.down))
        let hours = seconds / 3600
        return "Today · last synced \(hours)h ago"
    }
}
