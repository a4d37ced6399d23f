import BigNum

/// The three Android breakpoints of the one resizable widget (spec: Three-breakpoint model,
/// resolveSize; Large's width floor, OBJ-2428).
public enum WidgetSize: String, CaseIterable, Sendable {
    case small, medium, large

    public static let mediumWidthThresholdDp = 200
    /// Deliberately equal to the Medium threshold: a narrow width never demotes Large.
    public static let largeWidthThresholdDp = 200
    public static let largeHeightThresholdDp = 270
    /// A Large that cannot seat this many habit rows falls back to Medium.
    public static let largeMinimumRows = 2

    /// resolveSize(minWidthDp, minHeightDp, kindling), re-resolved on every update with no
    /// hysteresis. Large needs kindling, ≥ 270dp height, ≥ 200dp width and a viable plan.
    public static func resolve(width: Int, height: Int, kindling: Bool, fontScale: Rational) -> WidgetSize {
        if width < mediumWidthThresholdDp { return .small }
        if kindling, height >= largeHeightThresholdDp, width >= largeWidthThresholdDp,
           LargePlan.seatableRows(width: width, height: height, fontScale: fontScale) >= largeMinimumRows {
            return .large
        }
        return .medium
    }
}
