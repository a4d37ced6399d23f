/// Integrated shrinking: edits a failing case's recorded choices and replays them, keeping an
/// edit only when the result is shortlex-smaller (fewer choices, then smaller ones) and the
/// property fails the same way (same `Failure.signature`).
///
/// The passes (Hypothesis's, over choice sequences), repeated until a whole round changes
/// nothing or the budget is spent: cut loops between equal model states and delete whole
/// stateful steps; delete runs of sibling spans (list elements, any number); delete blocks of
/// one to eight choices; replace a span by one of its descendants (a node by a subtree);
/// lower a length and delete an element together; delete an element and lower the
/// others by one; zero spans; minimize each choice; lower
/// equal choices together; lower two choices by the same amount; sort and swap sibling spans;
/// move value from one choice to a later one. The result is a local minimum: no single edit
/// these passes try makes it smaller, not necessarily the smallest failing sequence.
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
    let maxAttempts: Int
    private(set) var best: Attempt
    private(set) var attempts = 0
    private(set) var improvements = 0
    private var seen: Set<[UInt64]> = []
    private var cachedTree: (improvement: Int, tree: SpanTree)?

    /// `evaluate` replays a choice sequence and returns the attempt when the property fails.
    init(start: Attempt, maxAttempts: Int, evaluate: @escaping ([UInt64]) -> Attempt?) {
        best = start
        self.maxAttempts = maxAttempts
        self.evaluate = evaluate
    }

    var exhausted: Bool { attempts >= maxAttempts }

    mutating func shrink() {
        var progress = true
        while progress && !exhausted {
            progress = false
            // Structure first (loops, steps, elements, subtrees), then the values inside it.
            if cutLoops() { progress = true }
            if deleteSteps() { progress = true }
            if deleteSpanRuns() { progress = true }
            if lowerLengthAndDelete() { progress = true }
            if replaceWithDescendants() { progress = true }
            if deleteBlocks() { progress = true }
            if deleteAndShift() { progress = true }
            if zeroSpans() { progress = true }
            if lowerDuplicates() { progress = true }
            if lowerPairs() { progress = true }
            if minimizeChoices() { progress = true }
            if reorderSiblings() { progress = true }
            if redistribute() { progress = true }
        }
    }

    static func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Replays `candidate`; keeps it when it is smaller and fails the same way.
    mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard attempts < maxAttempts, Self.shortlexLess(candidate, best.choices),
              seen.insert(candidate).inserted else { return false }
        attempts += 1
        guard let attempt = evaluate(candidate), attempt.failure.signature == best.failure.signature,
              Self.shortlexLess(attempt.choices, best.choices) else { return false }
        best = attempt
        improvements += 1
        return true
    }

    /// The current best's spans as a tree (recomputed only after an improvement).
    mutating func tree() -> SpanTree {
        if let cachedTree, cachedTree.improvement == improvements { return cachedTree.tree }
        let tree = SpanTree(best.spans)
        cachedTree = (improvements, tree)
        return tree
    }

    func removing(_ range: Range<Int>, from base: [UInt64]? = nil) -> [UInt64] {
        var choices = base ?? best.choices
        choices.removeSubrange(range.clamped(to: 0..<choices.count))
        return choices
    }

    func replacing(_ base: [UInt64], _ index: Int, _ value: UInt64) -> [UInt64] {
        var candidate = base
        candidate[index] = value
        return candidate
    }
}
