import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct ProfileTests {
    @Test("pr derives a fixed seed from the property name; nightly mixes in fresh entropy")
    func seedPolicy() {
        #expect(Profile.pr.seed(for: "a") == Profile.pr.seed(for: "a"))
        #expect(Profile.pr.seed(for: "a") != Profile.pr.seed(for: "b"))
        let nightly = Profile.nightly(freshSeed: 0xABCD)
        #expect(nightly.name == .nightly)
        #expect(nightly.cases > Profile.pr.cases)
        #expect(nightly.seed(for: "a") != Profile.pr.seed(for: "a"))
        #expect(nightly.seed(for: "a") != Profile.nightly(freshSeed: 1).seed(for: "a"))
    }

    @Test("a nightly seed depends on the property's name as well as the run's entropy")
    func nightlySeedKeepsTheName() {
        let nightly = Profile.nightly(freshSeed: 0xABCD)
        // Two properties of one nightly run must not draw the same cases.
        #expect(nightly.seed(for: "a") != nightly.seed(for: "b"))
        #expect(nightly.seed(for: "a") == Profile.nightly(freshSeed: 0xABCD).seed(for: "a"))
        let names = (0..<64).map { "property \($0)" }
        #expect(Set(names.map(nightly.seed(for:))).count == names.count)
    }

}
