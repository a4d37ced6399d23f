import BigNum

/// One reading of NEW_DAY's two unprinted costs (spec: The NEW_DAY state's own overflow,
/// maxNewDayLines): head(fs), and whether lineBox(11, fs) is rounded. The spec prints one row
/// of cells — at 110dp × fontScale 2.0 the budget grants 1 line below 160dp of granted height,
/// down to the 130dp floor (minResizeHeight), and so 2 from 160dp — and `consistent` is every
/// model in the space that reproduces all of them.
public struct NewDayCostModel: Hashable, Sendable, CustomStringConvertible {
    /// The head row: flame + the small numeral (22sp, 18sp above fontScale 1.15).
    public var head: LineCost
    /// One 11sp line of "New day".
    public var line: LineCost

    public init(head: LineCost, line: LineCost) {
        self.head = head
        self.line = line
    }

    /// Our choice: the numeral line box exact, the 11sp line box rounded up to whole dp.
    public static let chosen = NewDayCostModel(
        head: LineCost(.exact, .smallNumeral, margin: 0), line: LineCost(.up, .sp(NewDayPlan.lineSp), margin: 0))

    /// The space: the four readings of each line box, the head with a 0…12dp margin.
    public static let space = CostSearch(
        scales: [Rational(2)],
        choices: [
            LineCost.candidates(sizes: [.smallNumeral], margins: 0...12),
            LineCost.candidates(sizes: [.sp(NewDayPlan.lineSp)], margins: 0...0),
        ])

    /// The printed cells: (granted height at 110dp × fontScale 2.0, lines granted). "Below
    /// 160dp … the budget only grants 1" holds for every granted height the widget allows,
    /// 130dp (minResizeHeight) to 159dp, not only at 159dp.
    public static let printedCells = (HostBox.minHeightDp..<160).map { ($0, 1) } + [(160, 2)]

    public static let consistent: [NewDayCostModel] = space.models(printedCells.map { height, lines in
        CostSearch.Cell(depth: 2) { dp in
            lines == maxLines(box: HostBox.contentBox(height: height), head: dp(0, 0), line: dp(1, 0))
        }
    }).map { NewDayCostModel(head: $0[0], line: $0[1]) }

    /// The lines this model grants.
    public func maxLines(height: Int, fontScale: Rational) -> Int {
        Self.maxLines(box: HostBox.contentBox(height: height), head: head.dp(fontScale), line: line.dp(fontScale))
    }

    static func maxLines(box: Rational, head: Rational, line: Rational) -> Int {
        let room = box - head - Rational(NewDayPlan.topMarginDp)
        guard line.signum > 0 else { return 0 }
        return max(0, min(2, (room / line).floor.intValue ?? 0))
    }

    public var description: String { "head \(head), line \(line)" }
}
