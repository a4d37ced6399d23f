/// Integrated shrinking: edits a failing case's recorded choices and replays them, keeping an
/// edit only when the result is shortlex-smaller (fewer choices, then smaller ones) and the
/// property fails the same way (same `Failure.signature`).
///
/// Passes, repeated until none makes progress: cut loops between equal model states, delete
/// whole stateful steps, delete spans (array elements), delete blocks of choices, zero blocks,
/// minimize each choice by binary search, move value between two choices.
struct Shrinker<Value> {
    /// A replayed candidate that failed.
    struct Attempt {
        var choices: [UInt64]
        var spans: [ChoiceSource.Span]
        var cuts: [Range<Int>]
        var value: Value
        var failure: Failure
    }

    private let evaluate: ([UInt64]) -> Attempt?
    private let maxAttempts: Int
    private(set) var best: Attempt
    private(set) var attempts = 0
    private(set) var improvements = 0
    private var seen: Set<[UInt64]> = []

    /// `evaluate` replays a choice sequence and returns the attempt when the property fails.
    init(start: Attempt, maxAttempts: Int, evaluate: @escaping ([UInt64]) -> Attempt?) {
        best = start
        self.maxAttempts = maxAttempts
        self.evaluate = evaluate
    }

    mutating func shrink() {
        var progress = true
        while progress && attempts < maxAttempts {
            progress = false
            // Structure first (loops, steps, elements), then the values inside it.
            if cutLoops() { progress = true }
            if deleteSteps() { progress = true }
            if deleteSpans() { progress = true }
            if deleteBlocks() { progress = true }
            if zeroBlocks() { progress = true }
            if minimizeChoices() { progress = true }
            if redistribute() { progress = true }
        }
    }

    static func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Replays `candidate`; keeps it when it is smaller and fails the same way.
    private mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard attempts < maxAttempts, Self.shortlexLess(candidate, best.choices),
              seen.insert(candidate).inserted else { return false }
        attempts += 1
        guard let attempt = evaluate(candidate), attempt.failure.signature == best.failure.signature,
              Self.shortlexLess(attempt.choices, best.choices) else { return false }
        best = attempt
        improvements += 1
        return true
    }

    private func removing(_ range: Range<Int>) -> [UInt64] {
        var choices = best.choices
        choices.removeSubrange(range.clamped(to: 0..<choices.count))
        return choices
    }

    /// Stateful loops: the steps between two equal model states, longest first.
    private mutating func cutLoops() -> Bool {
        var improved = false, index = 0
        while index < best.cuts.count {
            let cuts = best.cuts.sorted { $0.count > $1.count }
            if consider(removing(cuts[index])) { improved = true; index = 0 } else { index += 1 }
        }
        return improved
    }

    /// Whole stateful steps, in runs of halving length; preconditions are re-checked on replay.
    private mutating func deleteSteps() -> Bool {
        var improved = false
        var length = best.spans.filter { $0.kind == .step }.count
        while length > 0 {
            var start = best.spans.filter { $0.kind == .step }.count - length
            while start >= 0 {
                let steps = best.spans.filter { $0.kind == .step }.sorted { $0.range.lowerBound < $1.range.lowerBound }
                if start + length <= steps.count,
                   consider(removing(steps[start].range.lowerBound..<steps[start + length - 1].range.upperBound)) {
                    improved = true
                }
                start -= 1
            }
            length /= 2
        }
        return improved
    }

    private mutating func deleteSpans() -> Bool {
        var improved = false, index = best.spans.count - 1
        while index >= 0 {
            if index < best.spans.count, consider(removing(best.spans[index].range)) { improved = true }
            index -= 1
        }
        return improved
    }

    private mutating func deleteBlocks() -> Bool {
        var improved = false
        for size in [8, 4, 2, 1] {
            var start = best.choices.count - size
            while start >= 0 {
                if consider(removing(start..<start + size)) { improved = true }
                start -= 1
            }
        }
        return improved
    }

    private mutating func zeroBlocks() -> Bool {
        var improved = false
        for size in [8, 4, 2] {
            var start = best.choices.count - size
            while start >= 0 {
                if start + size <= best.choices.count, best.choices[start..<start + size].contains(where: { $0 != 0 }) {
                    var candidate = best.choices
                    for i in start..<start + size { candidate[i] = 0 }
                    if consider(candidate) { improved = true }
                }
                start -= 1
            }
        }
        return improved
    }

    /// Each choice by binary search for the smallest value that still fails.
    private mutating func minimizeChoices() -> Bool {
        var improved = false, index = 0
        while index < best.choices.count {
            let base = best.choices
            if base[index] > 0 {
                if consider(replacing(base, index, 0)) {
                    improved = true
                } else {
                    var low: UInt64 = 0, high = base[index]
                    while low + 1 < high {
                        let middle = low + (high - low) / 2
                        if consider(replacing(base, index, middle)) { high = middle; improved = true } else { low = middle }
                    }
                }
            }
            index += 1
        }
        return improved
    }

    private func replacing(_ base: [UInt64], _ index: Int, _ value: UInt64) -> [UInt64] {
        var candidate = base
        candidate[index] = value
        return candidate
    }

    /// Moves value from a choice to a later one (sums shrink to "0, 1, 100", not "31, 30, 40").
    private mutating func redistribute() -> Bool {
        var improved = false, first = 0
        while first < best.choices.count {
            var second = first + 1
            while second < min(best.choices.count, first + 16) {
                let base = best.choices
                if base[first] > 0 {
                    if consider(transferring(base, first, second, base[first])) {
                        improved = true
                    } else {
                        var low: UInt64 = 0, high = base[first]
                        while low + 1 < high {
                            let middle = low + (high - low) / 2
                            if consider(transferring(base, first, second, middle)) { low = middle; improved = true } else { high = middle }
                        }
                    }
                }
                second += 1
            }
            first += 1
        }
        return improved
    }

    /// `base` with `amount` moved from choice `from` to choice `to` (unchanged on overflow).
    private func transferring(_ base: [UInt64], _ from: Int, _ to: Int, _ amount: UInt64) -> [UInt64] {
        var candidate = base
        let (raised, overflow) = candidate[to].addingReportingOverflow(amount)
        guard !overflow, candidate[from] >= amount else { return base }
        candidate[from] -= amount
        candidate[to] = raised
        return candidate
    }
}
