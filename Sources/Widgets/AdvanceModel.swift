import BigNum

/// The readings of one measured row: how a printed whole-dp advance relates to k × sp × fs.
public enum AdvanceModel {
    /// A printed dp `v` is the advance rounded up, to nearest, or down.
    public enum Reading: String, CaseIterable, Sendable {
        case up, nearest, down

        /// The advances (lower, upper) that print as `v` (the open end does not matter here).
        func bounds(_ v: Int) -> (Rational, Rational) {
            switch self {
            case .up: return (Rational(v - 1), Rational(v))
            case .nearest: return (Rational(2 * v - 1, 2), Rational(2 * v + 1, 2))
            case .down: return (Rational(v), Rational(v + 1))
            }
        }
    }

    /// One measured row.
    public struct Row: Sendable {
        public var size: TextSize
        public var printed: [Int]
        /// The font scales the cells were printed at.
        public var columns: [Rational]

        public init(size: TextSize, printed: [Int], columns: [Rational] = AdvanceTable.columns) {
            self.size = size
            self.printed = printed
            self.columns = columns
        }

        /// The interval of k consistent with every printed cell under `reading`, nil if empty.
        public func kRange(_ reading: Reading) -> (low: Rational, high: Rational)? {
            var low = Rational(0), high: Rational?
            for (column, v) in zip(columns, printed) {
                let sp = Rational(size.sp(column)) * column
                let (a, b) = reading.bounds(v)
                low = Rational.max(low, a / sp)
                high = high.map { Rational.min($0, b / sp) } ?? b / sp
            }
            guard let high, low < high else { return nil }
            return (low, high)
        }

        /// The readings with a consistent k.
        public var consistentReadings: [Reading] { Reading.allCases.filter { kRange($0) != nil } }

        /// The advance a gate uses at `fontScale`. At a printed column it is the printed cell:
        /// the spec compares the printed constants ("No safety constant on this axis"), so
        /// 28 + 4 + 38 = 70 fits a 70dp box. Between columns it is the `envelope`.
        public func advance(_ fontScale: Rational) -> Rational {
            if let column = columns.firstIndex(of: fontScale) { return Rational(printed[column]) }
            return envelope(fontScale)
        }

        /// Between printed columns: no consistent model's advance, nor any printed cell's k,
        /// exceeds this, the largest upper k (and printed dp / effective sp) × sp × fs, so a
        /// gate there errs toward hiding. Never used at a printed column.
        public func envelope(_ fontScale: Rational) -> Rational {
            largestK * Rational(size.sp(fontScale)) * fontScale
        }

        /// The largest k any consistent reading or printed cell allows.
        public var largestK: Rational {
            let highs = Reading.allCases.compactMap { kRange($0)?.high }
            let cells = zip(columns, printed).map { Rational($1) / (Rational(size.sp($0)) * $0) }
            return (highs + cells).max() ?? Rational(0)
        }
    }
}
