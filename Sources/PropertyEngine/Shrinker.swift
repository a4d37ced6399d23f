/// Integrated shrinking: edits a failing case's recorded choices and replays them, keeping an edit
/// only when the result is shortlex-smaller (fewer choices, then smaller ones) and the property
/// fails the same way (same `Failure.signature`).
///
/// The passes (Hypothesis's, over choice sequences), in three tiers (`tiers`), until none changes
/// anything or the budget is spent. First: a big list's halves, quarters, … deleted (a big
/// list of forced length gets no deletion: it cannot be shortened); cut loops between equal model states and delete whole
/// stateful steps; replace a span by one of its descendants (a node by a subtree); cut a list
/// indexing itself to a part closed under its positions; delete list elements and lower by as many
/// the positions pointing past them (a list indexing itself, an index drawn after it: a run found
/// by doubling); zero each list's values at once; delete runs of sibling spans (list elements, any
/// number, found from the front by doubling then bisecting); lower a length and delete an element
/// together; sort sibling spans; swap a node's subtrees; zero spans (a list element's value, its
/// flag kept); lower equal choices together; lower two numbers by the same amount; minimize each
/// choice (0, then 1, then by halves and probes). Then: swap list elements two at a time; move a
/// subtree into its sibling's empty slot; set an integer to 0 keeping every other integer's value
/// (its dependants' ranges move). Last: delete blocks of one to eight choices; move value from one
/// choice to a later one. The result is a local minimum: no single edit these passes try makes it
/// smaller, not necessarily the smallest failing sequence. A replay's outcome is cached by the
/// choices it read (`ChoiceCache`), so no candidate runs the property twice (a replay asks it with
/// the choices it read, before the property runs), and a replay that read no smaller a sequence
/// than the best (past the candidate's end) never runs it.
struct Shrinker<Value> {
    /// A replayed candidate that failed.
    struct Attempt {
        var choices: [UInt64]
        /// Each choice's bound, nil where forced (`ChoiceSource.bounds`).
        var bounds: [UInt64?]
        /// The draws by value (`ChoiceSource.drawnValues`), for the value passes.
        var drawnValues: [ChoiceSource.DrawnValue]
        var spans: [ChoiceSource.Span]
        var cuts: [Range<Int>]
        var value: Value
        var failure: Failure
    }

    /// How a replay ended.
    enum Outcome {
        /// No value: a choice out of range, a filter, an overrun. The property did not run.
        case rejected
        case passed
        case failed(Attempt)
    }

    /// A replay: the choices it read (with their bounds), and how it ended.
    struct Replay {
        var read: [UInt64]
        var bounds: [UInt64?]
        /// The bound of the choice just after `read` that the candidate exceeded.
        var exceeded: UInt64?
        var ranProperty: Bool
        var outcome: Outcome
    }

    private let evaluate: ([UInt64], _ known: ([UInt64]) -> Outcome?) -> Replay
    private let evaluateValues: ([ChoiceSource.DrawnValue], _ known: ([UInt64]) -> Outcome?) -> Replay
    let maxAttempts: Int
    private(set) var best: Attempt
    /// Candidates replayed (the budget counts these), and those of them that ran the property.
    private(set) var attempts = 0
    private(set) var calls = 0
    /// Candidates whose outcome the cache knew: neither replayed nor counted.
    private(set) var known = 0
    private(set) var improvements = 0
    /// Asked after each replay with the candidates so far, the shrinks kept and the best's
    /// choice count (a progress line); false stops the shrink (its time budget is spent).
    var watch: ((_ attempts: Int, _ improvements: Int, _ choices: Int) -> Bool)?
    /// The shrink stopped because `watch` said so.
    private(set) var outOfTime = false
    private var cache = ChoiceCache<Outcome>(rejected: .rejected)
    private var cachedTree: (improvement: Int, tree: SpanTree)?
    /// The best's big lists of forced length (`fixedBigLists`), recomputed after an improvement.
    var cachedFixedLists: (improvement: Int, ranges: [Range<Int>])?

    /// `evaluate` replays a choice sequence and says what the replay read and how it ended;
    /// `evaluateValues` the same for draws replayed by value. Both ask `known` with the choices
    /// read before they run the property, and do not run it when `known` has an outcome.
    init(start: Attempt, maxAttempts: Int, evaluate: @escaping ([UInt64], _ known: ([UInt64]) -> Outcome?) -> Replay,
         evaluateValues: @escaping ([ChoiceSource.DrawnValue], _ known: ([UInt64]) -> Outcome?) -> Replay) {
        best = start
        self.maxAttempts = maxAttempts
        self.evaluate = evaluate
        self.evaluateValues = evaluateValues
        cache.record(read: start.choices, bounds: start.bounds, exceeded: nil, outcome: .failed(start))
    }

    var exhausted: Bool { attempts >= maxAttempts || outOfTime }

    /// Cheap, productive passes to a fixpoint first (a tree replaced by a subtree before any
    /// deletion: one call can drop most of it); the costlier ones only when those stall,
    /// and back to the first after any of them makes progress (Hypothesis spends its calls the
    /// same way: most of a shrink is deletions and single-choice lowering).
    static var tiers: [[(inout Shrinker) -> Bool]] {
        [
            [{ $0.deleteBigListBlocks() }, { $0.cutLoops() }, { $0.deleteSteps() }, { $0.replaceWithDescendants() }, { $0.keepClosedParts() },
             { $0.deleteAndShift() }, { $0.zeroWholeLists() }, { $0.deleteSpanRuns() }, { $0.lowerLengthAndDelete() }, { $0.sortSiblings() },
             { $0.swapSiblings(elements: false) }, { $0.zeroSpans() }, { $0.lowerDuplicates() },
             { $0.lowerPairs() }, { $0.minimizeChoices() }],
            [{ $0.swapSiblings(elements: true) }, { $0.graftIntoSibling() }, { $0.zeroIntegers() }],
            [{ $0.deleteBlocks() }, { $0.redistribute() }],
        ]
    }

    mutating func shrink() {
        let tiers = Self.tiers
        var tier = 0
        while tier < tiers.count, !exhausted {
            var progress = false
            for pass in tiers[tier] where !exhausted {
                if pass(&self) { progress = true }
            }
            tier = progress ? 0 : tier + 1
        }
    }

    static func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Replays `candidate` (unless the cache knows how that ends); keeps it when it is smaller
    /// and fails the same way.
    mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard !exhausted, Self.shortlexLess(candidate, best.choices) else { return false }
        let outcome: Outcome
        if let cached = cache.outcome(of: candidate) {
            known += 1
            outcome = cached
        } else {
            outcome = run(evaluate(candidate) { knownOutcome(read: $0) })
        }
        return keep(outcome)
    }

    /// Replays `values` by value (integers keep their values whatever range they are drawn
    /// in); keeps the result when it is smaller and fails the same way. Draws that come to
    /// choices the cache knows (ranges that did not move) do not run the property again.
    mutating func consider(values: [ChoiceSource.DrawnValue]) -> Bool {
        guard !exhausted else { return false }
        return keep(run(evaluateValues(values) { knownOutcome(read: $0) }))
    }

    /// What a replay that read `read` ends as, when that is known before the property runs:
    /// the cache's outcome, or rejected when it is not shortlex-smaller than the best (a
    /// candidate read past its end, or one whose draws came to larger choices, can never be
    /// kept: running the property on it would only spend a call).
    private func knownOutcome(read: [UInt64]) -> Outcome? {
        Self.shortlexLess(read, best.choices) ? cache.outcome(of: read) : .rejected
    }

    /// Counts and caches a replay.
    private mutating func run(_ replay: Replay) -> Outcome {
        attempts += 1
        if replay.ranProperty { calls += 1 }
        if let watch, !watch(attempts, improvements, best.choices.count) { outOfTime = true }
        cache.record(read: replay.read, bounds: replay.bounds, exceeded: replay.exceeded, outcome: replay.outcome)
        return replay.outcome
    }

    private mutating func keep(_ outcome: Outcome) -> Bool {
        guard case .failed(let attempt) = outcome, attempt.failure.signature == best.failure.signature,
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
