import BigNum

/// How an unprinted line box is read in dp: exactly as sp × fs × 1.33, or rounded to whole dp.
/// The spec prints the line-box rule but never says whether a plan rounds it, so each reading
/// is one candidate (spec: Left-column height budget, "Text height also isn't sp × 1.2").
public enum Rounding: String, CaseIterable, Hashable, Sendable {
    case exact, up, nearest, down

    public func apply(_ x: Rational) -> Rational {
        switch self {
        case .exact: return x
        case .up: return Rational(x.ceiling)
        case .nearest: return Rational((x + Rational(1, 2)).floor)
        case .down: return Rational(x.floor)
        }
    }
}

/// The text size of an element's line.
public enum TextSize: Hashable, Sendable {
    case sp(Int)
    /// The medium/Large numeral: 34sp at fontScale ≤ 1.15, 28sp above.
    case mediumNumeral
    /// The small widget's numeral: 22sp at fontScale ≤ 1.15, 18sp above.
    case smallNumeral

    public func sp(_ fontScale: Rational) -> Int {
        switch self {
        case .sp(let sp): return sp
        case .mediumNumeral: return Typography.mediumNumeralSp(fontScale)
        case .smallNumeral: return Typography.smallNumeralSp(fontScale)
        }
    }
}

/// One element's cost where the spec does not print it: one line of text read with `rounding`,
/// plus a whole-dp margin.
public struct LineCost: Hashable, Sendable, CustomStringConvertible {
    public var rounding: Rounding
    public var size: TextSize
    public var marginDp: Int

    public init(_ rounding: Rounding, _ size: TextSize, margin: Int) {
        self.rounding = rounding
        self.size = size
        self.marginDp = margin
    }

    /// The element's height in dp at `fontScale`.
    public func dp(_ fontScale: Rational) -> Rational {
        rounding.apply(Typography.lineBox(sp: size.sp(fontScale), fontScale: fontScale)) + Rational(marginDp)
    }

    /// Every candidate: each reading × each size × each whole-dp margin.
    public static func candidates(sizes: [TextSize], margins: ClosedRange<Int>) -> [LineCost] {
        Rounding.allCases.flatMap { r in sizes.flatMap { s in margins.map { LineCost(r, s, margin: $0) } } }
    }

    public var description: String {
        let size: String
        switch self.size {
        case .sp(let sp): size = "\(sp)sp"
        case .mediumNumeral: size = "numeral(34/28sp)"
        case .smallNumeral: size = "numeral(22/18sp)"
        }
        return "\(size) \(rounding.rawValue) + \(marginDp)"
    }
}

extension LineCost {
    /// The sum of each element list at `fontScale`, each distinct element priced once.
    static func sums(_ lists: [[LineCost]], fontScale: Rational) -> [Rational] {
        var dp: [LineCost: Rational] = [:]
        func cost(_ c: LineCost) -> Rational {
            if let known = dp[c] { return known }
            let value = c.dp(fontScale)
            dp[c] = value
            return value
        }
        return lists.map { $0.reduce(Rational(0)) { $0 + cost($1) } }
    }
}
