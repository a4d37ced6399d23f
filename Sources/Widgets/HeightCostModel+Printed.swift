import BigNum

/// The cells the spec prints for the left column (spec: The always-visible core; The threshold).
extension HeightCostModel {
    /// fontScale 1.0, 1.15, 1.3.
    static let printedScales: [Rational] = [Rational(1), Rational(115, 100), Rational(13, 10)]

    /// (mode, scale index, whole-dp core): 63 / 71, STALE 72 / 80.
    public static let printedCore: [(ColumnMode, Int, Int)] = [
        (.captionOn, 0, 63), (.captionOn, 2, 71), (.stale, 0, 72), (.stale, 2, 80),
    ]

    /// (mode, scale index, DAY STREAK ≥, Longest N ≥) in granted dp.
    public static let printedThresholds: [(ColumnMode, Int, Int, Int)] = [
        (.captionOn, 0, 124, 147), (.captionOn, 1, 135, 160), (.captionOn, 2, 137, 165),
        (.stale, 0, 133, 156), (.stale, 2, 146, 174),
    ]

    /// Element indices per mode and part, matching `space.choices`.
    static func indices(_ part: HeightPart, _ mode: ColumnMode) -> [Int] {
        let core = mode == .stale ? [0, 4] : [0, 1]
        switch part {
        case .core: return core
        case .dayStreak: return core + [2]
        case .longest: return core + [2, 3]
        }
    }

    /// The printed cells as search constraints: a core is its sum rounded up to whole dp; a
    /// threshold is the least whole granted height whose content box seats the sum.
    static var printedCells: [CostSearch.Cell] {
        var cells: [CostSearch.Cell] = []
        func add(_ part: HeightPart, _ mode: ColumnMode, _ scale: Int, _ printed: Int, threshold: Bool) {
            let elements = indices(part, mode)
            cells.append(CostSearch.Cell(depth: (elements.max() ?? 0) + 1) { dp in
                let need = elements.reduce(Rational(0)) { $0 + dp($1, scale) }
                return (threshold ? HeightCosts.threshold(need: need) : need.ceiling.intValue) == printed
            })
        }
        for (mode, scale, core) in printedCore { add(.core, mode, scale, core, threshold: false) }
        for (mode, scale, dayStreak, longest) in printedThresholds {
            add(.dayStreak, mode, scale, dayStreak, threshold: true)
            add(.longest, mode, scale, longest, threshold: true)
        }
        return cells
    }
}
