import SeededRandom

/// Where a generator's choices come from: a seeded stream (recording every choice) or a
/// recorded sequence being replayed by the shrinker or a reproduction.
///
/// Every value a `Gen` produces is a pure function of the choices drawn here (Hypothesis's
/// idea), so editing the recorded choices and replaying them always yields a value the
/// generator could have produced.
final class ChoiceSource {
    /// A stretch of choices that forms one unit: an array element or a stateful step.
    struct Span: Equatable, Sendable {
        enum Kind: Sendable { case element, step, other }
        var range: Range<Int>
        var kind: Kind
    }

    /// The default cap on choices per case, so a runaway generator ends as a discarded case.
    static let defaultMaxChoices = 50_000
    /// The cap on nested combinator draws per case (Hypothesis's 100): a recursive generator
    /// without a depth bound overflowed the stack long before the choice cap, so it ends here
    /// as an overrun, a discarded case.
    static let defaultMaxDepth = 100

    private var rng: Xoshiro256
    private let replayed: [UInt64]?
    private let maxChoices: Int
    private let maxDepth: Int
    /// The combinators being drawn, outermost first.
    private var sites: [GenSite] = []
    /// The generator that ran away when this case overran the nesting bound.
    private(set) var runaway: GenSite?
    private(set) var choices: [UInt64] = []
    private(set) var spans: [Span] = []
    /// The biased choices drawn so far in this case, by bound (for repeats; never iterated),
    /// and the bounds in drawing order (so a rewind forgets a filtered attempt's values too).
    private var drawn: [UInt64: [UInt64]] = [:]
    private var drawnBounds: [UInt64] = []
    /// Choice ranges whose deletion is worth trying first (stateful loops between equal model states).
    var cuts: [Range<Int>] = []

    init(seed: UInt64, maxChoices: Int = ChoiceSource.defaultMaxChoices, maxDepth: Int = ChoiceSource.defaultMaxDepth) {
        rng = Xoshiro256(seed: seed)
        replayed = nil
        self.maxChoices = maxChoices
        self.maxDepth = maxDepth
    }

    init(replaying choices: [UInt64], maxChoices: Int = ChoiceSource.defaultMaxChoices,
         maxDepth: Int = ChoiceSource.defaultMaxDepth) {
        rng = Xoshiro256(seed: 0)
        replayed = choices
        self.maxChoices = maxChoices
        self.maxDepth = maxDepth
    }

    /// Runs `body` (a combinator through which a generator can reach itself) one level deeper;
    /// past `maxDepth` levels the case ends as an overrun, naming the most repeated combinator.
    func nested<T>(_ site: GenSite, _ body: () throws -> T) throws -> T {
        guard sites.count < maxDepth else {
            runaway = GenSite.mostRepeated(sites + [site])
            throw Rejection.tooDeep
        }
        sites.append(site)
        defer { sites.removeLast() }
        return try body()
    }

    var isReplaying: Bool { replayed != nil }

    /// Draws one choice in `0...max`. Random mode asks `random` (which may bias toward edge
    /// cases); replay mode reads the next recorded choice, or 0 (the simplest) past the end.
    func draw(max: UInt64, random: (inout Xoshiro256, UInt64) -> UInt64) throws -> UInt64 {
        guard choices.count < maxChoices else { throw Rejection.tooManyChoices }
        let value: UInt64
        if let replayed {
            value = choices.count < replayed.count ? replayed[choices.count] : 0
            guard value <= max else { throw Rejection.choiceOutOfRange }
        } else {
            value = Swift.min(random(&rng, max), max)
        }
        choices.append(value)
        return value
    }

    /// `draw(max:random:)` biased as Hypothesis biases integers: toward 0, the largest choice,
    /// small choices, and choices this case already drew with the same bound (exactly or off by
    /// a little), since bugs live at the edges and between equal or neighbouring values.
    func draw(max: UInt64) throws -> UInt64 {
        if replayed != nil { return try draw(max: max) { _, _ in 0 } }
        let value = try draw(max: max) { rng, max in
            let roll = rng.next(below: 16)
            if (4...7).contains(roll), let previous = drawn[max], !previous.isEmpty {
                // One random word, as the uniform draw it replaces takes: the rest of the case's
                // stream (and so a seed's other values) stays what it was without repeats.
                let word = rng.next()
                let base = previous[Int((word >> 4) % UInt64(previous.count))]
                return Self.nudge(base, word & 15, max: max)
            }
            return Self.biased(&rng, max, roll: roll)
        }
        drawn[max, default: []].append(value)
        drawnBounds.append(max)
        return value
    }

    /// Records `value` as a choice that is not free (an array's "one more?" flag below its
    /// minimum or at its maximum), so every element's span holds its own flag and deleting one
    /// never makes later choices read as a flag. Touches no random state, so seeds generate the
    /// same values; replay consumes the recorded position whatever it holds.
    func draw(forced value: UInt64) throws -> UInt64 {
        guard choices.count < maxChoices else { throw Rejection.tooManyChoices }
        choices.append(value)
        return value
    }

    /// Records `body`'s choices as one span (for deletion by the shrinker).
    func span<T>(_ kind: Span.Kind, _ body: () throws -> T) rethrows -> T {
        let start = choices.count
        let value = try body()
        if choices.count > start { spans.append(Span(range: start..<choices.count, kind: kind)) }
        return value
    }

    /// A position to rewind to when a filtered attempt is thrown away.
    struct Mark { let choices: Int, spans: Int, cuts: Int, drawn: Int }
    func mark() -> Mark { Mark(choices: choices.count, spans: spans.count, cuts: cuts.count, drawn: drawnBounds.count) }

    /// Forgets the choices since `mark`, so a recorded sequence holds only accepted attempts
    /// and replays without retries.
    func rewind(to mark: Mark) {
        choices.removeSubrange(mark.choices...)
        spans.removeSubrange(mark.spans...)
        cuts.removeSubrange(mark.cuts...)
        while drawnBounds.count > mark.drawn, let bound = drawnBounds.popLast() { drawn[bound]?.removeLast() }
    }

    /// One roll in 16: 0 the simplest choice, 1 the largest, 2 and 3 one in 0…15, 8 one in
    /// 0…255, otherwise (and for 4…7 when nothing was drawn before) uniform.
    static func biased(_ rng: inout Xoshiro256, _ max: UInt64, roll: UInt64) -> UInt64 {
        switch roll {
        case 0: return 0
        case 1: return max
        case 2, 3: return rng.next(below: Swift.min(max, 15) + 1)
        case 8: return rng.next(below: Swift.min(max, 255) + 1)
        default: return max == .max ? rng.next() : rng.next(below: max + 1)
        }
    }

    /// `base` itself (half the time), or moved by 1 (a quarter) or by 2 to 5, kept in `0...max`.
    static func nudge(_ base: UInt64, _ roll: UInt64, max: UInt64) -> UInt64 {
        let distance: UInt64 = roll < 8 ? 0 : roll < 12 ? 1 : roll - 10
        if distance == 0 { return base }
        if roll % 2 == 0, max - base >= distance { return base + distance }
        if base >= distance { return base - distance }
        return max - base >= distance ? base + distance : base
    }

    /// A choice of 1 with probability `p`, else 0.
    static func weighted(_ p: Double) -> @Sendable (inout Xoshiro256, UInt64) -> UInt64 {
        { rng, _ in Double(rng.next() >> 11) * 0x1.0p-53 < p ? 1 : 0 }
    }
}

/// Why a choice sequence produced no value; the case is discarded, not failed.
enum Rejection: Error, Equatable {
    case tooManyChoices
    case choiceOutOfRange
    case filtered
    case tooDeep
}
