import BigNum

/// The costs a height plan gates against: one model, or every consistent one at once, in
/// which case a part shows only when no consistent model would overflow (every gate errs
/// toward hiding an element).
public struct HeightCosts: Sendable {
    /// Distinct element lists per (part, mode): models that sum the same elements are one.
    let sums: [String: [[LineCost]]]
    /// Largest needs already computed, by (part, mode, font scale): plans ask for few scales.
    let cache = NeedCache()

    public init(models: [HeightCostModel]) {
        var sums: [String: [[LineCost]]] = [:]
        for part in HeightPart.allCases {
            for mode in ColumnMode.allCases {
                var seen = Set<[LineCost]>()
                sums[Self.key(part, mode)] = models.map { $0.elements(part, mode) }.filter { seen.insert($0).inserted }
            }
        }
        self.sums = sums
    }

    /// Every consistent model at once: what the widget plan uses.
    public static let safe = HeightCosts(models: HeightCostModel.consistent)

    static func key(_ part: HeightPart, _ mode: ColumnMode) -> String { "\(part.rawValue).\(mode.rawValue)" }

    /// The largest need of `part` in `mode` at `fontScale` over the models.
    public func need(_ part: HeightPart, _ mode: ColumnMode, fontScale: Rational) -> Rational {
        let key = "\(Self.key(part, mode)) \(fontScale)"
        if let known = cache.value(key) { return known }
        let need = needs(part, mode, fontScale: fontScale).max() ?? Rational(0)
        cache.store(key, need)
        return need
    }

    /// The need of every distinct element list (models summing the same elements count once).
    public func needs(_ part: HeightPart, _ mode: ColumnMode, fontScale: Rational) -> [Rational] {
        LineCost.sums(sums[Self.key(part, mode)] ?? [], fontScale: fontScale)
    }

    /// The least whole granted height whose content box seats `need`.
    public static func threshold(need: Rational) -> Int {
        let fixed = HostBox.systemWidgetMarginDp + HostBox.rootPaddingDp + HostBox.safetyMarginDp
        return fixed + (need.ceiling.intValue ?? Int.max - fixed)
    }

    /// The least whole granted height at which `part` shows.
    public func threshold(_ part: HeightPart, _ mode: ColumnMode, fontScale: Rational) -> Int {
        Self.threshold(need: need(part, mode, fontScale: fontScale))
    }
}
