import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct ProfileEnvironmentTests {
    static let noEntropy: @Sendable () -> UInt64 = { 0xABCD }

    @Test("no environment and CI=true alone both select the pr profile")
    func defaultsToPR() {
        #expect(Profile(environment: [:], freshSeed: Self.noEntropy) == .pr)
        #expect(Profile(environment: ["CI": "true"], freshSeed: Self.noEntropy) == .pr)
    }

    @Test("CARDCHECK_PROFILE=nightly selects nightly with the fresh seed")
    func selectsNightly() {
        #expect(Profile(environment: ["CARDCHECK_PROFILE": "nightly"], freshSeed: Self.noEntropy) == .nightly(freshSeed: 0xABCD))
        #expect(Profile(environment: ["CARDCHECK_PROFILE": "nightly", "CI": "true"], freshSeed: Self.noEntropy).name == .nightly)
    }

    @Test("overrides set seed, cases and time budget")
    func overrides() {
        let profile = Profile(
            environment: ["CARDCHECK_SEED": "0x1f", "CARDCHECK_CASES": "7", "CARDCHECK_TIME_BUDGET": "2.5"],
            freshSeed: Self.noEntropy)
        #expect(profile.seed(for: "anything") == 0x1f)
        #expect(profile.cases == 7)
        #expect(profile.timeBudget == 2.5)
        #expect(Profile(environment: ["CARDCHECK_SEED": "31"], freshSeed: Self.noEntropy).fixedSeed == 31)
    }

    @Test("a bad value is reported in one line naming the variable", arguments: [
        (["CARDCHECK_PROFILE": "nighty"], "CARDCHECK_PROFILE: unknown profile 'nighty' (expected pr or nightly)"),
        (["CARDCHECK_SEED": "0xZZ"], "CARDCHECK_SEED: '0xZZ' is not a seed (expected decimal or 0x-hex, at most 64 bits)"),
        (["CARDCHECK_CASES": "-3"], "CARDCHECK_CASES: '-3' is not a positive whole number"),
        (["CARDCHECK_TIME_BUDGET": "soon"], "CARDCHECK_TIME_BUDGET: 'soon' is not a positive number of seconds"),
        (["CARDCHECK_SEED_LOG": "loud"], "CARDCHECK_SEED_LOG: 'loud' is not a seed log (expected file, cases or off)"),
    ])
    func badEnvironment(environment: [String: String], message: String) {
        let profile = Profile(environment: environment, freshSeed: Self.noEntropy)
        #expect(profile.configurationError == message)
        let result = checkProperty("anything", .bool, profile: profile) { _ in true }
        #expect(result.outcome == .misconfigured)
        #expect(result.issues == [message])
    }

    @Test("CARDCHECK_RECORD=1 records the corpus and CARDCHECK_SEED_LOG=off silences the seed lines")
    func switches() {
        let profile = Profile(environment: ["CARDCHECK_RECORD": "1", "CARDCHECK_SEED_LOG": "off"], freshSeed: Self.noEntropy)
        #expect(profile.recordsCorpus && !profile.logsCaseSeeds)
        #expect(!Profile.pr.recordsCorpus && Profile.pr.logsCaseSeeds)
    }

    @Test("CARDCHECK_SEED_LOG selects where case seeds go: a file per property by default, a line per case, or nowhere")
    func seedLog() {
        #expect(Profile(environment: ["CARDCHECK_SHRINK_BUDGET": "2.5"], freshSeed: Self.noEntropy).shrinkTimeBudget == 2.5)
        #expect(Profile(environment: ["CARDCHECK_SHRINK_BUDGET": "0"], freshSeed: Self.noEntropy).configurationError
            == "CARDCHECK_SHRINK_BUDGET: '0' is not a positive number of seconds")
        #expect(Profile(environment: [:], freshSeed: Self.noEntropy).seedLog == .file)
        #expect(Profile(environment: ["CARDCHECK_PROFILE": "nightly"], freshSeed: Self.noEntropy).seedLog == .file)
        #expect(Profile(environment: ["CARDCHECK_SEED_LOG": "cases"], freshSeed: Self.noEntropy).seedLog == .cases)
        #expect(Profile(environment: ["CARDCHECK_SEED_LOG": "file"], freshSeed: Self.noEntropy).seedLog == .file)
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        #expect(profile.seedLog == .off)
        profile.logsCaseSeeds = true
        #expect(profile.seedLog == .file)
    }
}
