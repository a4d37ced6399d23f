/// Every message the harness shows a user, in one place so tests assert them verbatim.
enum HarnessMessage {
    static func unknownProfile(_ value: String) -> String {
        "CARDCHECK_PROFILE: unknown profile '\(value)' (expected pr or nightly)"
    }
    static func badSeed(_ value: String) -> String {
        "CARDCHECK_SEED: '\(value)' is not a seed (expected decimal or 0x-hex, at most 64 bits)"
    }
    static func badCases(_ value: String) -> String {
        "CARDCHECK_CASES: '\(value)' is not a positive whole number"
    }
    static func badTimeBudget(_ value: String) -> String {
        "CARDCHECK_TIME_BUDGET: '\(value)' is not a positive number of seconds"
    }
    static func badShrinkBudget(_ value: String) -> String {
        "CARDCHECK_SHRINK_BUDGET: '\(value)' is not a positive number of seconds"
    }
    static func badSeedLog(_ value: String) -> String {
        "CARDCHECK_SEED_LOG: '\(value)' is not a seed log (expected file, cases or off)"
    }

    static let returnedFalse = "the property returned false"
    static func threw(_ error: any Error) -> String { "the property threw \(String(reflecting: type(of: error))): \(error)" }

    static func seedText(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }
    static func caseStarting(_ name: String, _ index: Int, _ seed: UInt64) -> String {
        "cardcheck: \"\(name)\" case \(index + 1): CARDCHECK_SEED=\(seedText(seed))"
    }
    static func running(_ name: String, _ seed: UInt64) -> String {
        "cardcheck: \"\(name)\" running its cases from CARDCHECK_SEED=\(seedText(seed)) (the same seed reruns them in order)"
    }
    static func shrinking(_ name: String, _ seed: UInt64) -> String {
        "cardcheck: \"\(name)\" shrinking the failure of CARDCHECK_SEED=\(seedText(seed))"
    }
    static func seedFiles(_ directory: String) -> String {
        "cardcheck: each running property's seed is written to \(directory)/<property>.txt when it starts and when it "
            + "shrinks a failure (removed when the property ends; CARDCHECK_SEED_LOG=cases prints every case's seed here instead)"
    }
    static func reproduce(seed: UInt64, filter: String) -> String {
        "CARDCHECK_SEED=\(seedText(seed)) swift test --filter '\(filter)'"
    }

    static func failed(_ name: String, cases: Int, shrinks: Int) -> String {
        "property \"\(name)\" failed after \(cases) \(plural(cases, "case")) and \(shrinks) \(plural(shrinks, "shrink"))"
    }
    static func passed(_ name: String, cases: Int, profile: Profile.Name, seed: UInt64) -> String {
        "property \"\(name)\" passed \(cases) \(plural(cases, "case")) (profile \(profile.rawValue), seed \(seedText(seed)))"
    }
    static func gaveUp(_ name: String, cases: Int, discarded: Int) -> String {
        "property \"\(name)\" gave up: \(discarded) cases discarded by filters or assume, only \(cases) ran"
    }
    static func discarded(_ count: Int, overruns: Int = 0) -> String {
        "  discarded: \(count) \(plural(count, "case")) (by filters or assume"
            + (overruns > 0 ? "; \(overruns) overran the nesting bound)" : ")")
    }
    static func overran(_ name: String, generator: String, overruns: Int, draws: Int) -> String {
        "property \"\(name)\": generator \(generator) nested past \(ChoiceSource.defaultMaxDepth) levels in \(overruns) of "
            + "\(draws) draws (each discarded as an overrun); bound its recursion, e.g. with Gen.recursive(maxDepth:)"
    }
    /// Appended to the shrink figures when the budget ran out: the input may shrink further.
    static let shrinkBudgetSpent = ", shrink budget spent: a smaller failing input may exist"
    /// Appended to the shrink figures when the shrink's time budget ran out.
    static func shrinkTimeSpent(_ seconds: Double) -> String {
        ", shrink stopped at the budget of \(seconds.rounded() == seconds && seconds < 1e15 ? String(Int(seconds)) : String(seconds)) s: the input is the smallest found so far"
    }
    /// After the first report line when a property failed in more than one way.
    static func distinct(_ index: Int, of count: Int) -> String {
        " (distinct failure \(index) of \(count))"
    }
    /// The terminal's progress line while a shrink runs.
    static func shrinkProgress(_ name: String, candidates: Int, shrinks: Int, choices: Int, seconds: Int) -> String {
        "cardcheck: shrinking \"\(name)\": \(candidates) candidates, \(shrinks) kept, best \(choices) choices, \(seconds) s"
    }
    static func fullValue(_ file: String) -> String { "whole input: \(file)" }
    static func neverLabelled(_ name: String, label: String, cases: Int) -> String {
        "property \"\(name)\": label '\(label)' never occurred in \(cases) \(plural(cases, "case")) (its interesting case was not exercised)"
    }
    static func corpusRegression(_ name: String, entry: Int, file: String) -> String {
        "property \"\(name)\": corpus entry \(entry) of \(file) fails again"
    }
    static func knownFindingStillFails(_ name: String, entry: Int, reason: String) -> String {
        "property \"\(name)\": known finding still fails (corpus entry \(entry)): \(reason)"
    }
    static func expectedFailureNowPasses(_ name: String, entry: Int, file: String, reason: String) -> String {
        "property \"\(name)\": corpus entry \(entry) of \(file) is marked as an expected failure but now passes; "
            + "update the entry (\(reason))"
    }
    static func corpusUnreadable(_ file: String, _ problem: String) -> String {
        "\(file): corpus file unreadable: \(problem)"
    }
    static func corpusRecorded(_ file: String) -> String { "recorded the counterexample in \(file)" }

    static func preconditionBroken(step: Int, _ command: String) -> String {
        "step \(step) (\(command)) breaks its precondition: the sequence is not valid for this model"
    }
    static func modelInitially(_ state: String) -> String { "model initially: \(state)" }
    static func modelAfterStep(_ step: Int, _ command: String, _ state: String) -> String {
        "model after step \(step) (\(command)): \(state)"
    }
    static func modelExpected(_ step: Int, _ state: String) -> String { "model expected after step \(step): \(state)" }
    static func failedAtStep(_ step: Int, of count: Int, _ command: String) -> String {
        "failed at step \(step) of \(count): \(command)"
    }

    private static func plural(_ count: Int, _ word: String) -> String { count == 1 ? word : word + "s" }
}
