import BigNum

/// One reading of the medium left column's unprinted element costs (spec: Left-column height
/// budget (Android)). The spec prints the core and the thresholds, not the costs behind them,
/// so `consistent` is every model in the candidate space that reproduces all fourteen printed
/// cells, and the plan gates against all of them at once (`HeightCosts.safe`).
public struct HeightCostModel: Hashable, Sendable, CustomStringConvertible {
    /// The head row: flame + numeral (34sp, 28sp above fontScale 1.15).
    public var head: LineCost
    /// The reactive caption row (11sp, printed).
    public var caption: LineCost
    public var dayStreak: LineCost
    public var longest: LineCost
    /// The STALE footer, reserved instead of the caption.
    public var footer: LineCost

    public init(head: LineCost, caption: LineCost, dayStreak: LineCost, longest: LineCost, footer: LineCost) {
        self.head = head
        self.caption = caption
        self.dayStreak = dayStreak
        self.longest = longest
        self.footer = footer
    }

    /// Our choice among the consistent models: every line box rounded up to whole dp; head + 2dp,
    /// Longest N a 13sp line + 5dp, the STALE footer an 11sp line + 9dp.
    public static let chosen = HeightCostModel(
        head: LineCost(.up, .mediumNumeral, margin: 2), caption: LineCost(.up, .sp(11), margin: 0),
        dayStreak: LineCost(.up, .sp(11), margin: 0), longest: LineCost(.up, .sp(13), margin: 5),
        footer: LineCost(.up, .sp(11), margin: 9))

    /// The candidate space: the four readings; margins 0…12dp; the numeral and caption sizes as
    /// printed; DAY STREAK, Longest N and the footer at any of 10…14sp.
    public static let space = CostSearch(
        scales: printedScales,
        choices: [
            LineCost.candidates(sizes: [.mediumNumeral], margins: 0...12),
            LineCost.candidates(sizes: [.sp(11)], margins: 0...12),
            LineCost.candidates(sizes: (10...14).map(TextSize.sp), margins: 0...12),
            LineCost.candidates(sizes: (10...14).map(TextSize.sp), margins: 0...12),
            LineCost.candidates(sizes: (10...14).map(TextSize.sp), margins: 0...12),
        ])

    /// Every model in `space` that reproduces every printed cell, in candidate order.
    public static let consistent: [HeightCostModel] = space.models(printedCells).map {
        HeightCostModel(head: $0[0], caption: $0[1], dayStreak: $0[2], longest: $0[3], footer: $0[4])
    }

    /// The elements the core, DAY STREAK and Longest N gates add up, in `mode`.
    public func elements(_ part: HeightPart, _ mode: ColumnMode) -> [LineCost] {
        let core: [LineCost]
        switch mode {
        case .captionOn: core = [head, caption]
        case .captionOff: core = [head]
        case .stale: core = [head, footer]
        }
        switch part {
        case .core: return core
        case .dayStreak: return core + [dayStreak]
        case .longest: return core + [dayStreak, longest]
        }
    }

    public var description: String {
        "head \(head), caption \(caption), DAY STREAK \(dayStreak), Longest N \(longest), footer \(footer)"
    }
}
