import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// Docs/property-testing.md's examples of assume, recursive and fixed-width generators, as written there.
@Suite struct ReadmeExamplesTests {
    indirect enum Expr { case int(Int), add(Expr, Expr), div(Expr, Expr) }

    @Test("Docs/property-testing.md: assume, a recursive expression generator, fixed-width integers")
    func examples() {
        forAll("division undoes multiplication", .zip(.int(in: -99...99), .int(in: -99...99))) { pair, check in
            try check.assume(pair.1 != 0)
            try check.expect(pair.0 * pair.1 / pair.1 == pair.0)
        }
        let exprs = Gen<Expr>.recursive(maxDepth: 5, leaf: Gen.int(in: -9...9).map { .int($0) }) { child in
            .oneOf([Gen.zip(child, child).map { .add($0, $1) }, Gen.zip(child, child).map { .div($0, $1) }])
        }
        #expect(sample(exprs, count: 50).count == 50)
        forAll("a byte round-trips", .integer(in: UInt8.min...UInt8.max)) { byte in UInt8(String(byte)) == byte }
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let wraps = checkProperty("16-bit sums do not wrap", .zip(Gen<Int16>.int16, Gen<Int16>.int16), profile: profile) { pair in
            !pair.0.addingReportingOverflow(pair.1).overflow
        }
        #expect(wraps.counterexample.map { [$0.0, $0.1] } == [1, 32767])
    }
}
