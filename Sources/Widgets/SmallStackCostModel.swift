import BigNum

/// One reading of the small widget's unprinted stack costs (spec: Left-column height budget —
/// Small widget): "its DEFAULT stack alone needs 93dp at fontScale 1.3". The stack is the head
/// row (flame + numeral), the reactive caption row (11sp), the "N of M done" text and the pip
/// row; only the total is printed. The head, caption and progress rows always render together,
/// so one margin (on the progress row) stands for all their margins.
public struct SmallStackCostModel: Hashable, Sendable, CustomStringConvertible {
    public var head: LineCost
    public var caption: LineCost
    public var progress: LineCost
    /// The 4-pip row (no text: its margin is its height).
    public var pips: LineCost
    /// Whether the printed 93dp was measured before the numeral's 22sp → 18sp step (the spec
    /// states the need, then the step, without saying which stack it measured).
    public var measuredBeforeStep: Bool

    /// Our choice: every line box rounded up, the 93dp measured with today's 18sp numeral, a
    /// 12dp pip row (8dp pips + 4dp gap) and the rest of the stack's margins on the progress row.
    public static let chosen = SmallStackCostModel(
        head: LineCost(.up, .smallNumeral, margin: 0), caption: LineCost(.up, .sp(11), margin: 0),
        progress: LineCost(.up, .sp(13), margin: 6), pips: LineCost(.exact, .sp(0), margin: 12),
        measuredBeforeStep: false)

    /// The printed cell: (fontScale, whole-dp DEFAULT stack).
    public static let printedStack = (Rational(13, 10), 93)

    /// The space: four readings of each line, the progress text at 11…14sp, 0…24dp of stack
    /// margins, a 4…12dp pip row, and both readings of when the 93dp was measured.
    static func space(beforeStep: Bool) -> CostSearch {
        CostSearch(scales: [printedStack.0], choices: [
            LineCost.candidates(sizes: [beforeStep ? .sp(22) : .smallNumeral], margins: 0...0),
            LineCost.candidates(sizes: [.sp(11)], margins: 0...0),
            (4...12).map { LineCost(.exact, .sp(0), margin: $0) },
            LineCost.candidates(sizes: (11...14).map(TextSize.sp), margins: 0...24),
        ])
    }

    public static let consistent: [SmallStackCostModel] = [false, true].flatMap { beforeStep in
        space(beforeStep: beforeStep).models([
            CostSearch.Cell(depth: 4) { dp in (dp(0, 0) + dp(1, 0) + dp(2, 0) + dp(3, 0)).ceiling.intValue == printedStack.1 },
        ]).map {
            SmallStackCostModel(head: LineCost($0[0].rounding, .smallNumeral, margin: 0), caption: $0[1],
                                progress: $0[3], pips: $0[2], measuredBeforeStep: beforeStep)
        }
    }

    /// The stack's height at `fontScale`, with or without the caption row and the pip row.
    public func stack(_ fontScale: Rational, caption withCaption: Bool, pips withPips: Bool) -> Rational {
        var total = head.dp(fontScale) + progress.dp(fontScale)
        if withCaption { total += caption.dp(fontScale) }
        if withPips { total += pips.dp(fontScale) }
        return total
    }

    public var description: String {
        "head \(head), caption \(caption), progress \(progress), pips \(pips.marginDp)dp\(measuredBeforeStep ? ", 93dp measured before the step" : "")"
    }
}
