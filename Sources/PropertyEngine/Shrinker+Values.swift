/// The passes that make choices smaller without changing how many there are.
extension Shrinker {
    /// Sets every choice of a span to zero (a record's simplest value), largest spans first.
    mutating func zeroSpans() -> Bool {
        var improved = false, index = 0
        var spans: [ChoiceSource.Span] = [], sortedAt = -1
        while !exhausted {
            if sortedAt != improvements {
                spans = tree().spans.sorted {
                    $0.range.count != $1.range.count ? $0.range.count > $1.range.count : $0.range.lowerBound < $1.range.lowerBound
                }
                sortedAt = improvements
            }
            guard index < spans.count else { break }
            let range = spans[index].range
            if range.upperBound <= best.choices.count, best.choices[range].contains(where: { $0 != 0 }) {
                var candidate = best.choices
                for i in range { candidate[i] = 0 }
                if consider(candidate) { improved = true }
            }
            index += 1
        }
        return improved
    }

    /// Each choice: zero, one, then a binary search for the smallest value that still fails,
    /// then one less (for properties that fail on a band of values).
    mutating func minimizeChoices() -> Bool {
        var improved = false, index = 0
        while index < best.choices.count, !exhausted {
            if lower(indices: [index]) { improved = true }
            index += 1
        }
        return improved
    }

    /// Choices holding the same value, lowered together ((x, x) to (10, 10), not (x, 10)).
    mutating func lowerDuplicates() -> Bool {
        var improved = false, value = UInt64.max
        while !exhausted {
            // The next distinct repeated value below `value`, largest first.
            var counts: [UInt64: Int] = [:]
            for choice in best.choices where choice > 0 && choice < value { counts[choice, default: 0] += 1 }
            guard let next = counts.filter({ $0.value >= 2 }).keys.max() else { break }
            value = next
            let indices = best.choices.indices.filter { best.choices[$0] == next }
            if lower(indices: indices) { improved = true }
        }
        return improved
    }

    /// Sets the choices at `indices` (all equal) to the smallest common value that still fails.
    private mutating func lower(indices: [Int]) -> Bool {
        let base = best.choices, current = base[indices[0]]
        guard current > 0 else { return false }
        func with(_ value: UInt64) -> [UInt64] {
            var candidate = base
            for i in indices { candidate[i] = value }
            return candidate
        }
        if consider(with(0)) { return true }
        guard current > 1 else { return false }
        if consider(with(1)) { return true }
        var low: UInt64 = 1, high = current, improved = false
        while low + 1 < high, !exhausted {
            let middle = low + (high - low) / 2
            if consider(with(middle)) { high = middle; improved = true } else { low = middle }
        }
        if high > 2, consider(with(high - 1)) { improved = true }
        return improved
    }

    /// Two nearby choices lowered by the same amount ((994, 990) to (10, 6)): the largest
    /// amount, else by bisection when lowering both by one still fails.
    mutating func lowerPairs() -> Bool {
        var improved = false, first = 0
        while first < best.choices.count, !exhausted {
            var second = first + 1
            while second < min(best.choices.count, first + 8), !exhausted {
                let base = best.choices
                let a = base[first], b = base[second]
                if a > 0, b > 0, a != b {
                    let most = min(a, b)
                    func lowered(_ amount: UInt64) -> [UInt64] {
                        var candidate = base
                        candidate[first] -= amount
                        candidate[second] -= amount
                        return candidate
                    }
                    if !consider(lowered(most)), most > 1, consider(lowered(1)) {
                        largestPassing(below: most, lowered)
                        improved = true
                    } else if best.choices != base {
                        improved = true
                    }
                }
                second += 1
            }
            first += 1
        }
        return improved
    }

    /// Moves value from a choice to a later one (sums shrink to "0, 1, 100", not "31, 30, 40";
    /// two negative numbers trade magnitude): all of it, else by bisection.
    mutating func redistribute() -> Bool {
        var improved = false, first = 0
        while first < best.choices.count, !exhausted {
            var second = first + 1
            while second < min(best.choices.count, first + 16), !exhausted {
                let base = best.choices
                if base[first] > 0 {
                    if consider(Self.transferring(base, first, second, base[first])) {
                        improved = true
                    } else if base[first] > 1, consider(Self.transferring(base, first, second, 1)) {
                        improved = true
                        largestPassing(below: base[first]) { Self.transferring(base, first, second, $0) }
                    }
                }
                second += 1
            }
            first += 1
        }
        return improved
    }

    /// With amount 1 passing and `high` failing, considers amounts in between by bisection,
    /// so the largest passing amount is kept.
    private mutating func largestPassing(below high: UInt64, _ candidate: (UInt64) -> [UInt64]) {
        var low: UInt64 = 1, high = high
        while low + 1 < high, !exhausted {
            let middle = low + (high - low) / 2
            if consider(candidate(middle)) { low = middle } else { high = middle }
        }
    }

    /// `base` with `amount` moved from choice `from` to choice `to` (unchanged on overflow).
    private static func transferring(_ base: [UInt64], _ from: Int, _ to: Int, _ amount: UInt64) -> [UInt64] {
        var candidate = base
        let (raised, overflow) = candidate[to].addingReportingOverflow(amount)
        guard !overflow, candidate[from] >= amount else { return base }
        candidate[from] -= amount
        candidate[to] = raised
        return candidate
    }
}
