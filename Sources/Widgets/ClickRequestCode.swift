/// The click-PendingIntent request codes for habit rows (spec: Three-breakpoint model,
/// LARGE_MAX_HABIT_ROWS): `appWidgetId * 10 + rowIndex`, in Java int arithmetic.
public enum ClickRequestCode {
    /// LARGE_MAX_HABIT_ROWS: capped so the scheme stays collision-free.
    public static let maxRows = 6

    /// The request code for `rowIndex` on widget `appWidgetId`; wraps like a Java int.
    public static func make(appWidgetId: Int32, rowIndex: Int32) -> Int32 {
        appWidgetId &* 10 &+ rowIndex
    }
}
