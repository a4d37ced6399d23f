import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct AssumeTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    @Test("assume discards a case: counted, neither passed nor failed")
    func discards() {
        let result = checkProperty("odd numbers are odd", Gen.int(in: 0...99), profile: Self.quiet) { n, check in
            try check.assume(n % 2 == 1)
            try check.expect(n % 2 == 1)
        }
        #expect(result.outcome == .passed)
        #expect(result.cases == 100)
        #expect(result.discarded > 50)
        #expect(result.report.contains("  discarded: \(result.discarded) cases (by filters or assume)"))
    }

    @Test("a property that discards too much gives up and fails (the health check)")
    func tooManyDiscards() {
        let result = checkProperty("never", Gen.int(in: 0...9), profile: Self.quiet) { n in
            try assume(n > 9)
            return true
        }
        #expect(result.outcome == .gaveUp)
        #expect(result.issues == ["property \"never\" gave up: 1000 cases discarded by filters or assume, only 0 ran"])
    }

    @Test("a shrunk counterexample satisfies the assumption: discarded candidates are not failures")
    func shrinkKeepsAssumption() {
        let result = checkProperty("no odd number past 40", Gen.int(in: 0...1_000), profile: Self.quiet) { n, check in
            try check.assume(n % 2 == 1)
            try check.expect(n <= 40)
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample == 41)
    }
}
