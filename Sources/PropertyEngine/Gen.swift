/// A generator of random values that records the choices it makes, so failures shrink by
/// editing those choices (every shrunk value is one the generator could have produced).
///
/// Compose generators from the built-in ones and run them with `forAll`:
///
///     let lists = Gen.array(of: .int(in: 0...100), count: 0...10)
///     forAll("no three numbers sum past 100", lists) { list in
///         list.sorted().suffix(3).reduce(0, +) <= 100
///     }
///
/// Records: `Gen.compose { draw in Card(id: try draw(.int(in: 1...9)), open: try draw(.bool)) }`
/// or `Gen.zip(a, b).map { ... }`.
public struct Gen<Value>: Sendable {
    let generate: @Sendable (ChoiceSource) throws -> Value

    init(_ generate: @escaping @Sendable (ChoiceSource) throws -> Value) {
        self.generate = generate
    }

    /// A value drawn as one span (a unit the shrinker may delete, move or replace).
    func drawn(from source: ChoiceSource) throws -> Value {
        try source.span(.other) { try generate(source) }
    }

    /// Always `value` (uses no choices).
    public static func constant(_ value: Value) -> Gen where Value: Sendable {
        Gen { _ in value }
    }

    /// Builds a value by drawing from other generators, in order: the way to write records.
    public static func compose(
        fileID: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (Draw) throws -> Value
    ) -> Gen {
        let site = GenSite(combinator: "Gen.compose", fileID: fileID, line: line)
        return Gen { source in try source.nested(site) { try body(Draw(source: source)) } }
    }

    /// Transforms each generated value; shrinking still works on the underlying choices.
    public func map<T>(_ transform: @escaping @Sendable (Value) throws -> T) -> Gen<T> {
        Gen<T> { source in try transform(generate(source)) }
    }

    /// Chooses the next generator from a generated value (e.g. a list of a generated length).
    public func flatMap<T>(
        fileID: StaticString = #fileID, line: UInt = #line, _ next: @escaping @Sendable (Value) throws -> Gen<T>
    ) -> Gen<T> {
        let site = GenSite(combinator: "Gen.flatMap", fileID: fileID, line: line)
        return Gen<T> { source in try source.nested(site) { try next(generate(source)).generate(source) } }
    }

    /// Keeps only values satisfying `isIncluded`, trying at most `limit` times per case; a case
    /// with no accepted value is discarded (counted in the report), never failed.
    public func filter(limit: Int = 100, _ isIncluded: @escaping @Sendable (Value) -> Bool) -> Gen {
        Gen { source in
            for _ in 0..<Swift.max(limit, 1) {
                let mark = source.mark()
                let value = try generate(source)
                if isIncluded(value) { return value }
                // A replayed (shrunk) sequence must satisfy the filter first time: no reinterpretation.
                if source.isReplaying { throw Rejection.filtered }
                source.rewind(to: mark)
            }
            throw Rejection.filtered
        }
    }
}

/// Draws values from generators inside `Gen.compose`.
public struct Draw {
    let source: ChoiceSource

    /// The next value of `gen`.
    public func callAsFunction<T>(_ gen: Gen<T>) throws -> T {
        try gen.drawn(from: source)
    }
}
