/// The passes that make choices smaller without changing how many there are.
extension Shrinker {
    /// Sets every choice of a span to zero (a record's simplest value), largest spans first;
    /// list elements first, in runs (`zeroElementRuns`).
    mutating func zeroSpans() -> Bool {
        var improved = zeroElementRuns(), index = 0
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
            if spans[index].kind != .element, range.upperBound <= best.choices.count, best.choices[range].contains(where: { $0 != 0 }) {
                var candidate = best.choices
                for i in range { candidate[i] = 0 }
                if consider(candidate) { improved = true }
            }
            index += 1
        }
        return improved
    }

    /// A list's elements set to their simplest value in runs from the front, found by doubling
    /// then bisecting (values the property ignores go in a few calls, not one per element).
    /// An element keeps its "one more?" flag: zeroed, the flag would end the list and the
    /// choices after it be read as what follows (deletion is its own pass).
    mutating func zeroElementRuns() -> Bool {
        var improved = false, group = 0, position = 0
        var groups: [[Int]] = [], groupsAt = -1
        while !exhausted {
            // The lists found again only after an improvement (at each position, n² on a long list).
            if groupsAt != improvements {
                let tree = tree()
                groups = tree.siblingGroups().filter { tree.spans[$0[0]].kind == .element }
                groupsAt = improvements
            }
            guard group < groups.count else { break }
            guard position < groups[group].count else { group += 1; position = 0; continue }
            let value = tree().spans[groups[group][position]].range.dropFirst()
            if best.choices[value].allSatisfy({ $0 == 0 }) {
                position += 1
            } else if zeroRun(of: groups[group], from: position) {
                improved = true
            } else {
                position += 1
            }
        }
        return improved
    }

    /// Each list's element values all set to zero at once (Hypothesis's trivial spans first).
    mutating func zeroWholeLists() -> Bool {
        var improved = false, group = 0
        while !exhausted {
            let groups = tree().siblingGroups().filter { tree().spans[$0[0]].kind == .element }
            guard group < groups.count else { break }
            let spans = tree().spans
            var candidate = best.choices
            for member in groups[group] { for i in spans[member].range.dropFirst() { candidate[i] = 0 } }
            if candidate != best.choices, consider(candidate) { improved = true }
            group += 1
        }
        return improved
    }

    /// Zeroes the values of `members[position...]` in the longest run that still fails.
    private mutating func zeroRun(of members: [Int], from position: Int) -> Bool {
        let spans = tree().spans, base = best.choices
        func run(_ count: Int) -> [UInt64] {
            var candidate = base
            for member in members[position..<position + count] {
                for i in spans[member].range.dropFirst() { candidate[i] = 0 }
            }
            return candidate
        }
        return considerLongestRun(available: members.count - position, run)
    }

    /// Each drawn choice: zero, then one, then, if half of it still fails, the smallest failing
    /// value probed up from 2, else the largest amount it can be lowered by, probed up from 1
    /// (Hypothesis's order: a choice's few calls go where its answer is, not bisecting 64 bits).
    mutating func minimizeChoices() -> Bool {
        var improved = false, index = 0
        while index < best.choices.count, !exhausted {
            if isFree(index), lower(indices: [index]) { improved = true }
            index += 1
        }
        return improved
    }

    /// Whether choice `index` of the best is drawn, not forced (a forced choice replays as
    /// itself whatever it holds: editing it only costs a call).
    func isFree(_ index: Int) -> Bool {
        index < best.bounds.count && best.bounds[index] != nil
    }

    /// Whether choice `index` is drawn from more than two values: a number, not a flag, a sign
    /// or a forced choice (moving an amount into a flag or a sign only reinterprets the case).
    func isNumber(_ index: Int) -> Bool {
        index < best.bounds.count && (best.bounds[index] ?? 0) > 1
    }

    /// Choices holding the same value, lowered together ((x, x) to (10, 10), not (x, 10)).
    mutating func lowerDuplicates() -> Bool {
        var improved = false, value = UInt64.max
        while !exhausted {
            // The next distinct repeated value below `value`, largest first.
            var counts: [UInt64: Int] = [:]
            for (i, choice) in best.choices.enumerated() where choice > 0 && choice < value && isFree(i) { counts[choice, default: 0] += 1 }
            guard let next = counts.filter({ $0.value >= 2 }).keys.max() else { break }
            value = next
            let indices = best.choices.indices.filter { best.choices[$0] == next && isFree($0) }
            guard !indices.isEmpty else { continue }
            if lower(indices: indices) { improved = true }
        }
        return improved
    }

    /// Sets the choices at `indices` (all equal) to a smaller common value that still fails:
    /// zero; one; else, when half fails, the smallest failing value below half; else the current
    /// value lowered by the largest amount that fails, or by two past a passing value.
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
        let half = current / 2
        if consider(with(half)) {
            smallestFailing(below: half, with)
            return true
        }
        if largestFailing(below: current - half, { with(current - $0) }) { return true }
        // A band of failing values one wide ((10, 11) fails, (10, 10) not, (10, 9) does).
        return current - half > 2 && consider(with(current - 2))
    }

    /// With `candidate(0)` passing and `candidate(limit)` the best, keeps the smallest `r` in
    /// 1..<limit whose candidate fails: probes 1, 2, 4, … then bisects, so a small answer costs
    /// few calls. Candidates must grow shortlex with `r`.
    private mutating func smallestFailing(below limit: UInt64, _ candidate: (UInt64) -> [UInt64]) {
        var passing: UInt64 = 0, failing = limit, probe: UInt64 = 1
        while probe < failing, !exhausted {
            if consider(candidate(probe)) { failing = probe; break }
            passing = probe
            probe = probe > UInt64.max / 2 ? failing : probe * 2
        }
        while passing + 1 < failing, !exhausted {
            let middle = passing + (failing - passing) / 2
            if consider(candidate(middle)) { failing = middle } else { passing = middle }
        }
    }

    /// With `candidate(0)` the best and `candidate(limit)` passing, keeps the largest amount in
    /// 1..<limit whose candidate fails: probes 1, 2, 4, … then bisects. Candidates must shrink
    /// shortlex as the amount grows; true when some amount failed.
    private mutating func largestFailing(below limit: UInt64, _ candidate: (UInt64) -> [UInt64]) -> Bool {
        var failing: UInt64 = 0, passing = limit, probe: UInt64 = 1
        while probe < passing, !exhausted {
            if !consider(candidate(probe)) { passing = probe; break }
            failing = probe
            probe = probe > UInt64.max / 2 ? passing : probe * 2
        }
        while failing + 1 < passing, !exhausted {
            let middle = failing + (passing - failing) / 2
            if consider(candidate(middle)) { failing = middle } else { passing = middle }
        }
        return failing > 0
    }

    /// Two nearby numbers lowered by the same amount ((994, 990) to (10, 6)): the largest
    /// amount, else by bisection when lowering both by one still fails. Flags, signs and forced
    /// choices are not paired (lowering one only reinterprets the case; `minimizeChoices` tries it).
    mutating func lowerPairs() -> Bool {
        var improved = false, first = 0
        while first < best.choices.count, !exhausted {
            var second = first + 1
            while second < min(best.choices.count, first + 8), !exhausted {
                let base = best.choices
                let a = base[first], b = base[second]
                if a > 0, b > 0, a != b, isNumber(first), isNumber(second) {
                    let most = min(a, b)
                    func lowered(_ amount: UInt64) -> [UInt64] {
                        var candidate = base
                        candidate[first] -= amount
                        candidate[second] -= amount
                        return candidate
                    }
                    if !consider(lowered(most)), most > 1, consider(lowered(1)) {
                        // What is left of the smaller choice, probed up from 1.
                        smallestFailing(below: most - 1) { lowered(most - $0) }
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

    /// Moves value from a number to a later drawn choice (sums shrink to "0, 1, 100", not
    /// "31, 30, 40"; two negative numbers trade magnitude, 2 becomes −1 through its sign): all
    /// of it, else by bisection.
    mutating func redistribute() -> Bool {
        var improved = false, first = 0
        while first < best.choices.count, !exhausted {
            var second = first + 1
            while second < min(best.choices.count, first + 16), !exhausted {
                let base = best.choices
                if base[first] > 0, isNumber(first), isFree(second) {
                    if consider(Self.transferring(base, first, second, base[first])) {
                        improved = true
                    } else if base[first] > 1, consider(Self.transferring(base, first, second, 1)) {
                        improved = true
                        // What stays in the first choice, probed up from 1.
                        smallestFailing(below: base[first] - 1) { Self.transferring(base, first, second, base[first] - $0) }
                    }
                }
                second += 1
            }
            first += 1
        }
        return improved
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

    /// Each integer set to 0 with every other draw replayed by value: where later integers are
    /// drawn in ranges that depend on it (a heap's keys at least their parent's), lowering its
    /// choice shifts theirs and never replays, but their values still fit.
    mutating func zeroIntegers() -> Bool {
        var improved = false, index = 0
        while index < best.drawnValues.count, !exhausted {
            if case .int(let value) = best.drawnValues[index], value != 0 {
                var values = best.drawnValues
                values[index] = .int(0)
                if consider(values: values) { improved = true }
            }
            index += 1
        }
        return improved
    }
}
