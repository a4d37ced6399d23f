import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// A recursive generator written as a Hypothesis user writes it (refers to itself, no depth
/// bound) once overflowed the stack inside `Gen.oneOf`; now each runaway draw is an overrun.
@Suite struct GenOverrunTests {
    indirect enum Calc: Sendable, Equatable {
        case int(Int), plus(Calc, Calc), divide(Calc, Calc)
        var depth: Int {
            switch self {
            case .int: 0
            case .plus(let a, let b), .divide(let a, let b): 1 + max(a.depth, b.depth)
            }
        }
        /// nil where a divisor evaluates to 0.
        var value: Int? {
            switch self {
            case .int(let n): return n
            case .plus(let a, let b): guard let x = a.value, let y = b.value else { return nil }; return x &+ y
            case .divide(let a, let b):
                guard let x = a.value, let y = b.value, y != 0 else { return nil }
                return x / y
            }
        }
    }

    /// Two branches of two children in three: half of all draws never end.
    static func calc() -> Gen<Calc> {
        Gen.oneOf([Gen.int(in: -10...10).map { .int($0) }, plus, divide])
    }
    static let calcLine = #line - 2
    static let plus = Gen<Calc>.compose { draw in .plus(try draw(calc()), try draw(calc())) }
    static let divide = Gen<Calc>.compose { draw in .divide(try draw(calc()), try draw(calc())) }

    static var profile: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    @Test("a self-referencing unbounded generator runs every case and passes; the health check warns, naming Gen.oneOf's line")
    func runawayEndsAsOverrun() {
        let result = checkProperty("calc nests", Self.calc(), profile: Self.profile) { expression in
            expression.depth <= 2 * ChoiceSource.defaultMaxDepth
        }
        #expect(result.outcome == .passed)
        #expect(result.cases == Self.profile.cases)
        #expect(result.overruns > 0 && result.overruns <= result.discarded)
        let line = HarnessMessage.overran(
            "calc nests", generator: "Gen.oneOf at PropertyTestingTests/GenOverrunTests.swift:\(Self.calcLine)",
            overruns: result.overruns, draws: result.cases + result.discarded)
        // Half the draws overrun: each was discarded and another drawn, so the property passes with a warning.
        #expect(result.overruns * 10 >= result.cases + result.discarded)
        #expect(result.issues.isEmpty)
        #expect(result.report.contains(line))
        #expect(result.report.contains(HarnessMessage.discarded(result.discarded, overruns: result.overruns)))
    }

    @Test("the runaway generator still finds the division by zero and shrinks it to the challenge's ideal")
    func runawayStillShrinks() {
        let result = checkProperty("no division by zero", Self.calc(), profile: Self.profile) { expression in
            expression.value != nil
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample == .divide(.int(0), .int(0)))
    }

    @Test("nesting past the bound throws tooDeep and names the most repeated combinator")
    func boundNamesRunaway() throws {
        let source = ChoiceSource(seed: 1, maxDepth: 3)
        let outer = GenSite(combinator: "Gen.compose", fileID: "M/a.swift", line: 1)
        let inner = GenSite(combinator: "Gen.oneOf", fileID: "M/a.swift", line: 2)
        #expect(throws: Rejection.tooDeep) {
            try source.nested(outer) { try source.nested(inner) { try source.nested(inner) { try source.nested(inner) { 0 } } } }
        }
        #expect(source.runaway?.description == "Gen.oneOf at M/a.swift:2")
        // The stack unwound: three levels fit again.
        #expect(try source.nested(inner) { try source.nested(inner) { try source.nested(inner) { 1 } } } == 1)
    }

    /// The eager form, `Gen.zip(eager(), eager())`, never returns (Swift recursion before any
    /// generator exists); deferred, the same self-reference draws.
    static func eager() -> Gen<Calc> {
        Gen.oneOf([Gen.int(in: -10...10).map { .int($0) },
                   Gen.zip(Gen<Calc>.deferred { eager() }, Gen<Calc>.deferred { eager() }).map { .plus($0, $1) }])
    }

    @Test("a self-reference through Gen.deferred outside any closure draws: every case runs, runaways end as overruns")
    func deferredSelfReference() {
        let result = checkProperty("deferred calc", Self.eager(), profile: Self.profile) { expression in
            expression.depth <= 2 * ChoiceSource.defaultMaxDepth
        }
        #expect(result.outcome != .misconfigured)
        #expect(result.cases == Self.profile.cases)
    }

    /// Every shape of runaway that goes through a combinator, each draw never ending: the case
    /// overruns, the run gives up on discards, and the health check names the generator's line.
    static func expectRunaway<T>(_ name: String, _ gen: Gen<T>, named site: String) {
        let result = checkProperty(name, gen, profile: Self.profile) { _ in true }
        #expect(result.outcome == .gaveUp, "\(name)")
        #expect(result.overruns == result.discarded && result.cases == 0, "\(name)")
        let line = HarnessMessage.overran(name, generator: site, overruns: result.overruns, draws: result.discarded)
        #expect(result.issues.contains(line), "\(name): \(result.issues)")
    }

    /// A pair of itself, through `Gen.deferred` only (no `oneOf` to stop at a leaf).
    static func pairs() -> Gen<Calc> {
        Gen.zip(Gen<Calc>.deferred { pairs() }, Gen<Calc>.deferred { pairs() }).map { .plus($0, $1) }
    }
    static let pairsLine = #line - 2
    /// A chain of itself through `flatMap`.
    static func chain() -> Gen<[Int]> {
        Gen.int(in: 0...9).flatMap { n in chain().map { [n] + $0 } }
    }
    static let chainLine = #line - 2
    /// `Gen.recursive` told to go a hundred thousand levels deep, always branching.
    static let deep = Gen<Calc>.recursive(maxDepth: 100_000, branchProbability: 1, leaf: .constant(.int(0))) { child in
        Gen.zip(child, child).map { .plus($0, $1) }
    }
    static let deepLine = #line - 3

    @Test("a self-reference through Gen.deferred alone, a flatMap chain and a 100,000-level Gen.recursive end as overruns naming their line, never a crash")
    func everyCombinatorShapeOverruns() {
        let file = "PropertyTestingTests/GenOverrunTests.swift"
        Self.expectRunaway("deferred pairs", Self.pairs(), named: "Gen.deferred at \(file):\(Self.pairsLine)")
        Self.expectRunaway("flatMap chain", Self.chain(), named: "Gen.flatMap at \(file):\(Self.chainLine)")
        Self.expectRunaway("deep recursive", Self.deep, named: "Gen.recursive at \(file):\(Self.deepLine)")
    }
}
