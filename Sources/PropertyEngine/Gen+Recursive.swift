/// Recursive values (expressions, trees) with a depth budget.
extension Gen {
    /// The generator `make` builds, built each time a value is drawn (Hypothesis's `deferred`):
    /// how a generator refers to itself outside a `compose` or `flatMap` closure. Written
    /// eagerly, `func calc() -> Gen<Calc> { .oneOf([int, Gen.zip(calc(), calc()).map(...)]) }`
    /// calls itself forever before any generator exists (Swift evaluates the arguments first,
    /// and no library code is on the stack to stop it); `Gen.zip(.deferred { calc() },
    /// .deferred { calc() })` draws, each draw one nesting level, and a runaway draw ends as an
    /// overrun naming this line.
    ///
    /// `make` need not be `@Sendable`: it is usually a local function or a method of the test
    /// suite, which Swift 6 does not count as sendable. It is only called while a value is drawn,
    /// on the thread drawing it, and must build a generator, not change shared state.
    public static func deferred(
        fileID: StaticString = #fileID, line: UInt = #line, _ make: @escaping () -> Gen
    ) -> Gen {
        let site = GenSite(combinator: "Gen.deferred", fileID: fileID, line: line)
        let maker = DeferredMaker(make: make)
        return Gen { source in try source.nested(site) { try maker.make().generate(source) } }
    }

    /// A value that is either `leaf` or `branch(child)`, where `child` is this generator one
    /// level deeper; at `maxDepth` levels only leaves remain, so every value is finite. Each
    /// level draws a branch-or-leaf choice (forced to leaf at the limit, so a subtree replays the
    /// same anywhere in the tree); shrinks toward leaves and toward a node's own subtrees.
    ///
    ///     indirect enum Expr { case int(Int), add(Expr, Expr) }
    ///     let exprs = Gen<Expr>.recursive(maxDepth: 4, leaf: Gen.int(in: 0...9).map { .int($0) }) { child in
    ///         Gen.zip(child, child).map { .add($0, $1) }
    ///     }
    ///
    /// `branchProbability` is the chance of a branch at each level below the limit. Each level
    /// is one nesting level: past 100 (with the `oneOf`s and `compose`s inside) a draw ends as
    /// an overrun, so even a huge `maxDepth` never runs the stack out.
    public static func recursive(
        maxDepth: Int = 5, branchProbability: Double = 0.5, leaf: Gen, fileID: StaticString = #fileID, line: UInt = #line,
        branch: @escaping @Sendable (Gen) -> Gen
    ) -> Gen {
        let site = GenSite(combinator: "Gen.recursive", fileID: fileID, line: line)
        let more = ChoiceSource.weighted(Swift.min(Swift.max(branchProbability, 0), 1))
        var level = Gen { source in
            _ = try source.draw(forced: 0)
            return try leaf.generate(source)
        }
        for _ in 0..<Swift.max(maxDepth, 0) {
            let branched = branch(level)
            level = Gen { source in
                try source.draw(max: 1, random: more) == 0 ? try leaf.generate(source)
                    : try source.nested(site) { try branched.drawn(from: source) }
            }
        }
        return level
    }
}

/// `Gen.deferred`'s builder, carried by a `Sendable` generator: it only builds a generator when
/// a draw asks, on the drawing thread (see `Gen.deferred`).
private struct DeferredMaker<Value>: @unchecked Sendable {
    let make: () -> Gen<Value>
}
