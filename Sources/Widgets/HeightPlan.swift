import BigNum

/// The Android medium left column's height plan (spec: Left-column height budget (Android),
/// planWidget): the core always renders; Longest N sheds first, then DAY STREAK.
///
/// The spec prints the core and the thresholds but not the element costs behind them, so the
/// plan gates against every cost model that reproduces all the printed cells
/// (`HeightCostModel.consistent`): a part shows only where none of them would overflow.
/// Every gate is computed at the exact font scale.
public struct HeightPlan: Equatable, Sendable {
    public var showsDayStreak: Bool
    public var showsLongest: Bool

    public init(height: Int, fontScale: Rational, mode: ColumnMode, costs: HeightCosts = .safe) {
        let box = HostBox.contentBox(height: height)
        showsDayStreak = costs.need(.dayStreak, mode, fontScale: fontScale) <= box
        showsLongest = showsDayStreak && costs.need(.longest, mode, fontScale: fontScale) <= box
    }

    /// The caption-on (or STALE) plan.
    public init(height: Int, fontScale: Rational, stale: Bool) {
        self.init(height: height, fontScale: fontScale, mode: stale ? .stale : .captionOn)
    }

    /// The always-visible core in whole dp (the smallest whole box that seats it under every
    /// consistent model): head + caption row, head alone, or head + the STALE footer.
    public static func core(fontScale: Rational, mode: ColumnMode, costs: HeightCosts = .safe) -> Rational {
        Rational(costs.need(.core, mode, fontScale: fontScale).ceiling)
    }

    public static func core(fontScale: Rational, stale: Bool) -> Rational {
        core(fontScale: fontScale, mode: stale ? .stale : .captionOn)
    }

    /// The least whole granted height at which DAY STREAK (or Longest N) shows.
    public static func threshold(longest: Bool, fontScale: Rational, stale: Bool) -> Int {
        HeightCosts.safe.threshold(longest ? .longest : .dayStreak, stale ? .stale : .captionOn, fontScale: fontScale)
    }
}
