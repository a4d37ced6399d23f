/// Arrays, optionals and tuples. Arrays draw a "one more?" choice before each element and
/// after the last (forced to 1 below the minimum, to 0 at the maximum: Hypothesis's encoding),
/// so the shrinker removes an element by deleting its span without shifting what follows.
extension Gen {
    /// An array of `element` values whose count lies in `count`; shrinks toward fewer, simpler elements.
    public static func array<T>(of element: Gen<T>, count: ClosedRange<Int> = 0...10) -> Gen<[T]> where Value == [T] {
        let minimum = Swift.max(count.lowerBound, 0), maximum = Swift.max(count.upperBound, minimum)
        // Hypothesis's average size: a few past the minimum, at most the middle of the range.
        let average = Swift.min(Double(Swift.max(minimum * 2, minimum + 5)), Double(minimum + maximum) / 2)
        let extra = Swift.max(average - Double(minimum), 0)
        let more = ChoiceSource.weighted(extra / (extra + 1))
        return Gen<[T]> { source in
            var result: [T] = []
            while true {
                let next: T? = try source.span(.element) {
                    // A full array still records its "no more" flag: without it, deleting an element
                    // made the choice after the array read as a flag, and such arrays never shrank.
                    let flag = result.count < minimum ? try source.draw(forced: 1)
                        : result.count >= maximum ? try source.draw(forced: 0)
                        : try source.draw(max: 1, random: more)
                    return flag == 0 ? nil : try element.generate(source)
                }
                guard let next else { break }
                result.append(next)
            }
            return result
        }
    }

    /// A string of `count` characters drawn from `alphabet`; shrinks toward shorter strings of
    /// the alphabet's first character.
    public static func string(from alphabet: String, count: ClosedRange<Int> = 0...10) -> Gen<String> where Value == String {
        Gen<[Character]>.array(of: .element(of: Array(alphabet)), count: count).map { String($0) }
    }

    /// `nil` one time in five, else a value of `wrapped`; shrinks toward `nil`.
    public static func optional<T>(_ wrapped: Gen<T>) -> Gen<T?> where Value == T? {
        Gen<T?> { source in
            try source.draw(max: 1, random: ChoiceSource.weighted(0.8)) == 1 ? try wrapped.generate(source) : nil
        }
    }

    /// A tuple of one value from each generator, drawn in order.
    public static func zip<each T>(_ gens: repeat Gen<each T>) -> Gen<(repeat each T)> where Value == (repeat each T) {
        Gen<(repeat each T)> { source in (repeat try (each gens).drawn(from: source)) }
    }
}
