/// Integers, booleans and choices among alternatives. Every one shrinks toward its simplest
/// value: integers toward 0 (or the bound nearest 0), `false`, the first element or generator.
extension Gen where Value == Int {
    /// An integer in `range`, biased toward small values, the edges and values the case already
    /// drew; shrinks toward 0 or the bound nearest it.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen { source in try IntMapping.draw(lo: range.lowerBound, hi: range.upperBound, from: source) }
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
    public static func oneOf(_ gens: [Gen], fileID: StaticString = #fileID, line: UInt = #line) -> Gen {
        precondition(!gens.isEmpty, "Gen.oneOf needs at least one generator")
        let site = GenSite(combinator: "Gen.oneOf", fileID: fileID, line: line)
        return Gen { source in
            try source.nested(site) { try source.span(.other) {
                let index = try source.draw(max: UInt64(gens.count - 1)) { rng, max in rng.next(below: max + 1) }
                return try gens[Int(index)].generate(source)
            } }
        }
    }

    /// A value from one of `gens`, picked with the given weights; shrinks toward the first.
    public static func frequency(_ weighted: [(Int, Gen)], fileID: StaticString = #fileID, line: UInt = #line) -> Gen {
        let total = weighted.reduce(0) { $0 + Swift.max($1.0, 0) }
        precondition(total > 0, "Gen.frequency needs a positive total weight")
        let site = GenSite(combinator: "Gen.frequency", fileID: fileID, line: line)
        return Gen { source in try source.nested(site) { try source.span(.other) {
            var ticket = Int(try source.draw(max: UInt64(total - 1)) { rng, max in rng.next(below: max + 1) })
            for (weight, gen) in weighted where weight > 0 {
                if ticket < weight { return try gen.generate(source) }
                ticket -= weight
            }
            throw Rejection.choiceOutOfRange
        } } }
    }
}

/// Maps choices to an integer so that smaller choices mean simpler integers. A range on one
/// side of zero is one choice, the distance from the bound nearest zero. A range straddling
/// zero is two: the magnitude, then the sign (0 positive), forced when only one side reaches
/// that far or the magnitude is 0; so 0, 1, −1, 2, −2 … in shortlex order, and lowering a
/// magnitude keeps the sign.
enum IntMapping {
    static func draw(lo: Int, hi: Int, from source: ChoiceSource) throws -> Int {
        try source.integer({ choices(for: $0 ?? 0, lo: lo, hi: hi) }) { try drawChoices(lo: lo, hi: hi, from: source) }
    }

    /// The choices that draw `value` (the nearest in `lo...hi`), as `draw` reads them.
    static func choices(for value: Int, lo: Int, hi: Int) -> [UInt64] {
        let target = Swift.min(Swift.max(value, lo), hi)
        if lo >= 0 { return [UInt64(bitPattern: Int64(target &- lo))] }
        if hi <= 0 { return [UInt64(bitPattern: Int64(hi &- target))] }
        return [UInt64(target.magnitude), target < 0 ? 1 : 0]
    }

    private static func drawChoices(lo: Int, hi: Int, from source: ChoiceSource) throws -> Int {
        if lo >= 0 { return lo &+ Int(bitPattern: UInt(try source.draw(max: UInt64(bitPattern: Int64(hi &- lo))))) }
        if hi <= 0 { return hi &- Int(bitPattern: UInt(try source.draw(max: UInt64(bitPattern: Int64(hi &- lo))))) }
        let positive = UInt64(hi), negative = UInt64(lo.magnitude)
        let magnitude = try source.draw(max: Swift.max(positive, negative))
        // 0 has no sign: forced to 0, so −0 never replays as a case of its own (the random word
        // is still drawn, so a seed generates what it did).
        if magnitude == 0 { source.skipRandomWord() }
        let sign = magnitude == 0 ? try source.draw(forced: 0)
            : magnitude <= Swift.min(positive, negative) ? try source.draw(max: 1, random: ChoiceSource.weighted(0.5))
            : try source.draw(forced: positive > negative ? 0 : 1)
        return value(magnitude: magnitude, negative: sign == 1)
    }

    static func value(magnitude: UInt64, negative: Bool) -> Int {
        negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(truncatingIfNeeded: magnitude)
    }
}
