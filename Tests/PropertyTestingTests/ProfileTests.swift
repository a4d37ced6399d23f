import Testing
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

}
