import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct ForAllTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    @Test("a property that holds records no issue and runs the profile's case count")
    func passingPropertyRecordsNothing() {
        let result = forAll("reversing twice is identity", .array(of: .int(in: -9...9)), profile: Self.quiet) { list in
            list.reversed().reversed() == list
        }
        #expect(result.outcome == .passed)
        #expect(result.cases == 100)
        #expect(result.issues.isEmpty)
    }

    @Test("a failing property records one issue naming the property, seed, input and counts")
    func failingPropertyRecordsReport() {
        var result: PropertyResult<[Int]>?
        withKnownIssue {
            result = forAll("all numbers are below 50", .array(of: .int(in: 0...100)), profile: Self.quiet) { list, check in
                try check.expect(list.allSatisfy { $0 < 50 }, "found a number of 50 or more")
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("property \"all numbers are below 50\" failed after ")
        }
        #expect(result?.issues.count == 1)
        let report = result?.issues.first ?? ""
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == HarnessMessage.failed("all numbers are below 50", cases: result?.cases ?? 0, shrinks: result?.shrinks ?? 0))
        #expect(lines.dropFirst().first?.hasPrefix("  failure: found a number of 50 or more (PropertyTestingTests/ForAllTests.swift:") == true)
        #expect(lines.contains("  input: [50]"))
        #expect(lines.contains("  reproduce: CARDCHECK_SEED=\(HarnessMessage.seedText(result?.failingSeed ?? 0)) swift test --filter 'failingPropertyRecordsReport'"))
    }

    @Test("the reproduction seed makes the failing case the first case of a new run")
    func reproductionSeedFailsFirst() {
        let gen = Gen.array(of: .int(in: 0...1_000), count: 0...20)
        let property: ([Int]) -> Bool = { !$0.contains { $0 > 900 } }
        let first = checkProperty("no number past 900", gen, profile: Self.quiet, property)
        #expect(first.outcome == .failed)
        var again = Self.quiet
        again.fixedSeed = first.failingSeed
        let rerun = checkProperty("no number past 900", gen, profile: again, property)
        #expect(rerun.cases == 1)
        #expect(rerun.counterexample == first.counterexample)
    }
}
