import BigNum

/// The small widget's height plan (spec: Left-column height budget — Small widget,
/// planSmallWidget): the pip row drops when the budget is tight; it is redundant with the
/// "N of M done" text above it. Not STALE: the spec prints no STALE stack for Small.
public struct SmallStackPlan: Equatable, Sendable {
    public var showsPipRow: Bool
    /// Whether every consistent model seats the stack without the pip row; where some does
    /// not, the spec's mechanism (the numeral step, then the pip row) is not enough for it.
    public var stackFits: Bool

    public init(height: Int, fontScale: Rational, caption: Bool) {
        let box = HostBox.contentBox(height: height)
        stackFits = Self.largest(fontScale, caption: caption, pips: false) <= box
        showsPipRow = Self.largest(fontScale, caption: caption, pips: true) <= box
    }

    static let cache = NeedCache()

    /// The largest stack any consistent model needs: a gate against it errs toward hiding.
    public static func largest(_ fontScale: Rational, caption: Bool, pips: Bool) -> Rational {
        let key = "\(caption) \(pips) \(fontScale)"
        if let known = cache.value(key) { return known }
        let lists = SmallStackCostModel.consistent.map { m in
            [m.head, m.progress] + (caption ? [m.caption] : []) + (pips ? [m.pips] : [])
        }
        let need = LineCost.sums(lists, fontScale: fontScale).max() ?? Rational(0)
        cache.store(key, need)
        return need
    }
}
