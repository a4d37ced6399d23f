import BigNum

/// Large's vertical plan, enough to decide viability (computeLargeWidgetPlan).
///
/// The spec prints only the 44dp next-due row and STACKED's extra line; the other heights are
/// inferred (header = the medium numeral's line box; Coach and motivator = 13sp lines + 6dp;
/// other rows = 13sp line + 12dp) and checked only against the reported geometry (~230×330dp,
/// fontScale 1.0: COMPACT, all 5 rows, no overflow).
public struct LargePlan: Equatable, Sendable {
    public var rung: LargeHeaderRung
    /// Habit rows that fit, capped at LARGE_MAX_HABIT_ROWS.
    public var seatableRows: Int
    /// The room left under the next-due row, before any other row.
    var restDp: Rational

    /// KINDLING_NEXT_DUE_ROW_HEIGHT_DP: seats a 2-line label (Level A).
    public static let nextDueRowDp = 44
    static let rowPaddingDp = 12, lineSp = 13, lineMarginDp = 6

    public init(width: Int, height: Int, fontScale: Rational) {
        rung = LargeHeaderRung.resolve(width: width, fontScale: fontScale)
        let room = HostBox.contentBox(height: height) - Self.chrome(fontScale: fontScale, rung: rung)
        let rest = room - Rational(Self.nextDueRowDp)
        restDp = rest
        if rest.signum < 0 {
            seatableRows = 0
        } else {
            let more = (rest / Self.rowHeight(fontScale)).floor.intValue ?? 0
            seatableRows = min(ClickRequestCode.maxRows, 1 + more)
        }
    }

    /// The rows that render for `dueCount` due habits: all of them when they fit, else as many
    /// as fit with a "+N more" line.
    public func visibleRows(dueCount: Int) -> Int { min(seatableRows, dueCount) }

    /// Level B (budget-gated, all-or-none): every visible row besides the next-due one (whose
    /// label is always 2 lines, Level A) gets a second label line, but only when there is no
    /// overflow line (rows == dueHabits) and the room left covers one extra line per such row.
    public func levelB(dueCount: Int, fontScale: Rational) -> Bool {
        let rows = visibleRows(dueCount: dueCount)
        guard rows >= 1, rows == dueCount else { return false }
        let others = Rational(rows - 1)
        let left = restDp - others * Self.rowHeight(fontScale)
        return left >= others * Typography.lineBox(sp: Self.lineSp, fontScale: fontScale)
    }

    /// Header + Coach line (1-line clamp) + closing motivator + the rung's extra row.
    public static func chrome(fontScale: Rational, rung: LargeHeaderRung) -> Rational {
        let header = Typography.lineBox(sp: Typography.mediumNumeralSp(fontScale), fontScale: fontScale)
        let line = Typography.lineBox(sp: lineSp, fontScale: fontScale) + Rational(lineMarginDp)
        return header + line + line + rung.heightCost(fontScale: fontScale)
    }

    /// A habit row other than the next-due one.
    public static func rowHeight(_ fontScale: Rational) -> Rational {
        Typography.lineBox(sp: lineSp, fontScale: fontScale) + Rational(rowPaddingDp)
    }
}
