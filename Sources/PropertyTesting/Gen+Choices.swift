/// Integers, booleans and choices among alternatives. Every one shrinks toward its simplest
/// value: integers toward 0 (or the bound nearest 0), `false`, the first element or generator.
extension Gen where Value == Int {
    /// An integer in `range`, biased toward the edges; shrinks toward 0 or the bound nearest it.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        let lo = range.lowerBound, hi = range.upperBound
        let span = UInt64(bitPattern: Int64(hi &- lo))
        return Gen { source in IntMapping.value(for: try source.draw(max: span), lo: lo, hi: hi) }
    }
}

extension Gen where Value == Bool {
    /// `true` or `false` with equal odds; shrinks to `false`.
    public static var bool: Gen<Bool> {
        Gen { source in try source.draw(max: 1, random: ChoiceSource.weighted(0.5)) == 1 }
    }
}

extension Gen {
    /// One of `elements`, uniformly; shrinks toward the first. `elements` must not be empty.
    public static func element(of elements: [Value]) -> Gen where Value: Sendable {
        precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
        return Gen { source in
            elements[Int(try source.draw(max: UInt64(elements.count - 1)) { rng, max in rng.next(below: max + 1) })]
        }
    }

    /// A value from one of `gens`, picked uniformly; shrinks toward the first generator.
    public static func oneOf(_ gens: [Gen]) -> Gen {
        precondition(!gens.isEmpty, "Gen.oneOf needs at least one generator")
        return Gen { source in
            let index = try source.draw(max: UInt64(gens.count - 1)) { rng, max in rng.next(below: max + 1) }
            return try gens[Int(index)].generate(source)
        }
    }

    /// A value from one of `gens`, picked with the given weights; shrinks toward the first.
    public static func frequency(_ weighted: [(Int, Gen)]) -> Gen {
        let total = weighted.reduce(0) { $0 + Swift.max($1.0, 0) }
        precondition(total > 0, "Gen.frequency needs a positive total weight")
        return Gen { source in
            var ticket = Int(try source.draw(max: UInt64(total - 1)) { rng, max in rng.next(below: max + 1) })
            for (weight, gen) in weighted where weight > 0 {
                if ticket < weight { return try gen.generate(source) }
                ticket -= weight
            }
            throw Rejection.choiceOutOfRange
        }
    }
}

/// Maps a choice to an integer so that smaller choices mean simpler integers: from the bound
/// nearest zero outward, alternating 0, 1, -1, 2, -2 … when the range straddles zero.
enum IntMapping {
    static func value(for choice: UInt64, lo: Int, hi: Int) -> Int {
        if lo >= 0 { return lo &+ Int(bitPattern: UInt(choice)) }
        if hi <= 0 { return hi &- Int(bitPattern: UInt(choice)) }
        let positive = UInt64(hi), negative = UInt64(lo.magnitude)
        let both = Swift.min(positive, negative)
        if choice <= 2 &* both {
            let k = Int((choice &+ 1) / 2)
            return choice % 2 == 1 ? k : -k
        }
        let magnitude = both &+ (choice &- 2 &* both)
        return positive > negative ? Int(magnitude) : Int(truncatingIfNeeded: 0 &- magnitude)
    }
}
