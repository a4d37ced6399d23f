import BigNum

/// NEW_DAY's line budget read literally (spec: The NEW_DAY state's own overflow,
/// maxNewDayLines = min(2, floor((budget(h) − head(fs) − 6) / lineBox(11, fs)))): lineBox is the
/// spec's sp × fs × 1.33, exact, never rounded. The one unprinted cost is head(fs), read as the
/// small numeral's exact line box plus a margin in dp, and the margin is a rational the printed
/// cells bound: at 110dp × fontScale 2.0 the budget grants 1 line at every granted height from
/// the 130dp floor (minResizeHeight) to 159dp, and 2 at 160dp.
public struct NewDayCostModel: Hashable, Sendable, CustomStringConvertible {
    /// The head row's margin over the numeral's line box (flame + numeral, 22sp, 18sp above 1.15).
    public var headMarginDp: Rational

    public init(headMarginDp: Rational) {
        self.headMarginDp = headMarginDp
    }

    /// head(fs): the numeral's exact line box plus the margin.
    public func head(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: Typography.smallNumeralSp(fontScale), fontScale: fontScale) + headMarginDp
    }

    /// lineBox(11, fs), exact.
    public static func lineBox(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: NewDayPlan.lineSp, fontScale: fontScale)
    }

    /// The printed cells: (granted height at 110dp × fontScale 2.0, lines granted). "Below
    /// 160dp … the budget only grants 1" holds for every granted height the widget allows,
    /// 130dp (minResizeHeight) to 159dp, not only at 159dp.
    public static let printedCells = (HostBox.minHeightDp..<160).map { ($0, 1) } + [(160, 2)]
    /// The font scale the printed cells are at.
    public static let printedScale = Rational(2)

    /// The margins that reproduce every printed cell: above `lower`, at most `upper`
    /// (3/5 < m ≤ 43/50: 159dp grants 1 only above 0.6dp, 130dp grants 1 only up to 0.86dp).
    public static let consistentMargins: (lower: Rational, upper: Rational) = {
        let fs = printedScale, line = lineBox(fs)
        let numeral = NewDayCostModel(headMarginDp: Rational(0)).head(fs)
        var lower = Rational(0), upper: Rational? = nil
        for (height, lines) in printedCells {
            // room(m) = slack − m; k lines (k < 2) need k·L ≤ room < (k+1)·L, 2 lines need 2·L ≤ room.
            let slack = HostBox.contentBox(height: height) - numeral - Rational(NewDayPlan.topMarginDp)
            let most = slack - Rational(lines) * line
            upper = upper.map { Rational.min($0, most) } ?? most
            if lines < 2 { lower = Rational.max(lower, slack - Rational(lines + 1) * line) }
        }
        return (lower, upper ?? lower)
    }()

    /// The plan's model: the largest consistent margin, so it grants the fewest lines any
    /// consistent margin grants (lines never grow with the margin).
    public static let least = NewDayCostModel(headMarginDp: consistentMargins.upper)

    /// The lines this model grants at granted `height` and `fontScale`.
    public func maxLines(height: Int, fontScale: Rational) -> Int {
        let room = Self.room(height: height, fontScale: fontScale, margin: headMarginDp)
        return Self.lines(room: room, line: Self.lineBox(fontScale))
    }

    /// budget(h) − head(fs) − 6 with head margin `margin`; NEW_DAY is never STALE, so budget(h)
    /// is the whole content box.
    public static func room(height: Int, fontScale: Rational, margin: Rational) -> Rational {
        HostBox.contentBox(height: height) - NewDayCostModel(headMarginDp: margin).head(fontScale)
            - Rational(NewDayPlan.topMarginDp)
    }

    /// The most lines any consistent margin grants: the limit as the margin falls to the
    /// (excluded) lower bound.
    public static func mostLines(height: Int, fontScale: Rational) -> Int {
        let room = room(height: height, fontScale: fontScale, margin: consistentMargins.lower)
        let line = lineBox(fontScale)
        guard line.signum > 0, room.signum > 0 else { return 0 }
        let q = room / line
        // A margin just above the bound leaves a hair less room than this exact quotient.
        let whole = q.floor.intValue ?? 0
        return max(0, min(2, Rational(whole) == q ? whole - 1 : whole))
    }

    static func lines(room: Rational, line: Rational) -> Int {
        guard line.signum > 0 else { return 0 }
        return max(0, min(2, (room / line).floor.intValue ?? 0))
    }

    public var description: String { "head = numeral line box + \(headMarginDp.decimalString(digits: 4))dp, line exact" }
}
