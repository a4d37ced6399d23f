import BigNum

/// Large's vertical plan (computeLargeWidgetPlan): the header rung, the rows that seat, the
/// rows that render for the due habits, the "+N more" line and Level B, as the renderer reads
/// them; `WidgetSize` reads the same plan's seatable rows for viability.
///
/// The spec prints only the 44dp next-due row and STACKED's extra line; the other heights are
/// inferred (header = the medium numeral's line box; Coach and motivator = 13sp lines + 6dp;
/// other rows = 13sp line + 12dp) and checked only against the reported geometry (~230×330dp,
/// fontScale 1.0: COMPACT, all 5 rows, no overflow).
public struct LargePlan: Equatable, Sendable {
    public var rung: LargeHeaderRung
    /// Habit rows that fit, capped at LARGE_MAX_HABIT_ROWS.
    public var seatableRows: Int
    /// The rows that render: all the due habits when they fit, else as many as fit.
    public var visibleRows: Int
    /// Due habits past the visible rows, shown as one "+N more" line; 0 when none.
    public var moreCount: Int
    /// Level B (budget-gated, all-or-none): every visible row besides the next-due one (whose
    /// label is always 2 lines, Level A) gets a second label line, but only when there is no
    /// overflow line (rows == dueHabits) and the room left covers one extra line per such row.
    public var levelB: Bool

    /// KINDLING_NEXT_DUE_ROW_HEIGHT_DP: seats a 2-line label (Level A).
    public static let nextDueRowDp = 44
    static let rowPaddingDp = 12, lineSp = 13, lineMarginDp = 6

    public init(width: Int, height: Int, fontScale: Rational, dueCount: Int) {
        let seat = Self.seat(width: width, height: height, fontScale: fontScale)
        rung = seat.rung
        seatableRows = seat.rows
        visibleRows = min(seat.rows, max(0, dueCount))
        moreCount = max(0, dueCount - visibleRows)
        let others = Rational(visibleRows - 1)
        let left = seat.rest - others * Self.rowHeight(fontScale)
        levelB = visibleRows >= 1 && moreCount == 0
            && left >= others * Typography.lineBox(sp: Self.lineSp, fontScale: fontScale)
    }

    /// The rows Large seats at a geometry, whatever is due: what viability compares.
    public static func seatableRows(width: Int, height: Int, fontScale: Rational) -> Int {
        seat(width: width, height: height, fontScale: fontScale).rows
    }

    /// The rung, the rows that seat, and the room left under the next-due row.
    static func seat(width: Int, height: Int, fontScale: Rational) -> (rung: LargeHeaderRung, rows: Int, rest: Rational) {
        let rung = LargeHeaderRung.resolve(width: width, fontScale: fontScale)
        let room = HostBox.contentBox(height: height) - chrome(fontScale: fontScale, rung: rung)
        let rest = room - Rational(nextDueRowDp)
        guard rest.signum >= 0 else { return (rung, 0, rest) }
        let more = (rest / rowHeight(fontScale)).floor.intValue ?? 0
        return (rung, min(ClickRequestCode.maxRows, 1 + more), rest)
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
