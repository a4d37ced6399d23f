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

    /// One draw by what it gave: an integer (`IntMapping`) as its value, so it replays as the
    /// same integer under another range (a heap's child under a parent moved from -1 to 0);
    /// any other choice as itself.
    enum DrawnValue: Equatable, Sendable {
        case int(Int)
        case choice(UInt64)
    }

    private var rng: Xoshiro256
    private let replayed: [UInt64]?
    /// Draws being replayed by value (the shrinker's value passes), read in order.
    private let replayedValues: [DrawnValue]?
    private var valueCursor = 0
    /// The choices encoding the integer being replayed by value, for its raw draws to read.
    private var pendingInt: [UInt64] = []
    private var intDepth = 0
    /// Every draw of this case by value, in order (integers once, not their choices).
    private(set) var drawnValues: [DrawnValue] = []
    private let maxChoices: Int
    private let maxDepth: Int
    /// The combinators being drawn, outermost first.
    private var sites: [GenSite] = []
    /// The generator that ran away when this case overran the nesting bound.
    private(set) var runaway: GenSite?
    private(set) var choices: [UInt64] = []
    /// Each choice's bound (`max`), nil where the choice was forced: what the shrinker's cache
    /// needs to know which later sequences replay the same.
    private(set) var bounds: [UInt64?] = []
    /// The bound a replayed choice exceeded, when that ended the case.
    private(set) var exceededBound: UInt64?
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
        replayedValues = nil
        self.maxChoices = maxChoices
        self.maxDepth = maxDepth
    }

    init(replaying choices: [UInt64], maxChoices: Int = ChoiceSource.defaultMaxChoices,
         maxDepth: Int = ChoiceSource.defaultMaxDepth) {
        rng = Xoshiro256(seed: 0)
        replayed = choices
        replayedValues = nil
        self.maxChoices = maxChoices
        self.maxDepth = maxDepth
    }

    /// Replays `values` draw by draw: an integer drawn where an integer was is the recorded
    /// value (the nearest in the new range), any other choice the recorded one; 0 past the end
    /// or where the kinds differ.
    init(replayingValues values: [DrawnValue], maxChoices: Int = ChoiceSource.defaultMaxChoices,
         maxDepth: Int = ChoiceSource.defaultMaxDepth) {
        rng = Xoshiro256(seed: 0)
        replayed = []
        replayedValues = values
        self.maxChoices = maxChoices
        self.maxDepth = maxDepth
    }

    /// Draws an integer with `body` (its choices), recording it by value; replaying by value,
    /// `encode` gives the choices of the recorded value for `body`'s draws to read.
    func integer(_ encode: (Int?) -> [UInt64], _ body: () throws -> Int) throws -> Int {
        if intDepth == 0, let replayedValues {
            let record = valueCursor < replayedValues.count ? replayedValues[valueCursor] : nil
            valueCursor += 1
            if case .int(let value) = record { pendingInt = encode(value) } else { pendingInt = encode(nil) }
        }
        intDepth += 1
        defer { intDepth -= 1 }
        let value = try body()
        if intDepth == 1 { drawnValues.append(.int(value)) }
        return value
    }

    /// The next choice replayed by value: an integer's own encoding inside one, else the next
    /// recorded plain choice (0 where an integer or nothing was recorded).
    private func nextValueChoice() -> UInt64 {
        if intDepth > 0 { return pendingInt.isEmpty ? 0 : pendingInt.removeFirst() }
        guard let replayedValues else { return 0 }
        let record = valueCursor < replayedValues.count ? replayedValues[valueCursor] : nil
        valueCursor += 1
        if case .choice(let choice) = record { return choice }
        return 0
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
        if replayedValues != nil {
            value = nextValueChoice()
            guard value <= max else {
                exceededBound = max
                throw Rejection.choiceOutOfRange
            }
        } else if let replayed {
            value = choices.count < replayed.count ? replayed[choices.count] : 0
            guard value <= max else {
                exceededBound = max
                throw Rejection.choiceOutOfRange
            }
        } else {
            value = Swift.min(random(&rng, max), max)
        }
        choices.append(value)
        bounds.append(max)
        if intDepth == 0 { drawnValues.append(.choice(value)) }
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
        if replayedValues != nil { _ = nextValueChoice() }
        choices.append(value)
        bounds.append(nil)
        if intDepth == 0 { drawnValues.append(.choice(value)) }
        return value
    }

    /// Draws one random word and records nothing (where a forced choice replaces a random one,
    /// so the rest of the stream, and a seed's other values, stay what they were).
    func skipRandomWord() {
        if replayed == nil { _ = rng.next() }
    }

    /// Records `body`'s choices as one span (for deletion by the shrinker).
    func span<T>(_ kind: Span.Kind, _ body: () throws -> T) rethrows -> T {
        let start = choices.count
        let value = try body()
        if choices.count > start { spans.append(Span(range: start..<choices.count, kind: kind)) }
        return value
    }

    /// A position to rewind to when a filtered attempt is thrown away.
    struct Mark { let choices: Int, spans: Int, cuts: Int, drawn: Int, values: Int }
    func mark() -> Mark {
        Mark(choices: choices.count, spans: spans.count, cuts: cuts.count, drawn: drawnBounds.count, values: drawnValues.count)
    }

    /// Forgets the choices since `mark`, so a recorded sequence holds only accepted attempts
    /// and replays without retries.
    func rewind(to mark: Mark) {
        choices.removeSubrange(mark.choices...)
        bounds.removeSubrange(mark.choices...)
        drawnValues.removeSubrange(mark.values...)
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
