import Foundation

/// One problem of the public shrinking challenge (github.com/jlink/shrinking-challenge): a
/// generator, a property that some inputs break, and the ideal shrunk result its page gives.
/// The challenges are rewritten here with the harness's own generators (see `catalog`).
public struct ShrinkingChallenge: Sendable {
    public let name: String
    /// The ideal shrunk result, as the README quotes it.
    public let ideal: String
    /// Whether the challenge page reports Hypothesis reaching the ideal (the bar is then 95% of seeds, else 90%).
    public let hypothesisReachesIdeal: Bool
    /// How a variant row differs from the challenge's own problem; nil for the challenge's own.
    public let variant: String?
    let runSeed: @Sendable (Profile) -> Outcome

    /// What one seed's run produced.
    struct Outcome: Sendable {
        /// Generated cases until the first failure; nil when none failed within the profile's cases.
        var casesToFind: Int?
        var isIdeal = false
        var shrunkChoices = 0
        var candidates = 0
        var calls = 0
        var shrinkSeconds = 0.0
        var counterexample = ""
    }

    /// A challenge over values of `gen`: `property` fails on the inputs the challenge is about;
    /// `isIdeal` says whether a shrunk input is the page's ideal.
    static func make<Value>(
        _ name: String, ideal: String, hypothesis: Bool = true, variant: String? = nil, _ gen: Gen<Value>,
        isIdeal: @escaping @Sendable (Value) -> Bool, describe: @escaping @Sendable (Value) -> String = { "\($0)" },
        property: @escaping @Sendable (Value, Check) throws -> Void
    ) -> ShrinkingChallenge {
        ShrinkingChallenge(name: name, ideal: ideal, hypothesisReachesIdeal: hypothesis, variant: variant) { profile in
            let result = checkProperty(name, gen, profile: profile, property)
            var outcome = Outcome()
            guard result.outcome == .failed, let value = result.counterexample else { return outcome }
            outcome.casesToFind = result.cases
            outcome.isIdeal = isIdeal(value)
            outcome.shrunkChoices = result.shrunkChoiceCount
            outcome.candidates = result.shrinkAttempts
            outcome.calls = result.shrinkCalls
            outcome.shrinkSeconds = result.shrinkSeconds
            outcome.counterexample = describe(value)
            return outcome
        }
    }

    /// Runs the challenge on seeds `0..<seeds`, each with up to `maxCases` generated cases and
    /// the PR profile's shrink budget.
    /// nil when `stop` said so before the last seed (the row would cover only part of them).
    func measure(seeds: Int, maxCases: Int = 10_000, stop: () -> Bool = { false }) -> Measurement? {
        var profile = Profile.pr
        profile.cases = maxCases
        profile.logsCaseSeeds = false
        // The first failure's shrink is what is measured: no search for other failures after it.
        profile.reportsMultipleFailures = false
        var outcomes: [Outcome] = []
        for seed in 0..<seeds {
            if stop() { return nil }
            profile.fixedSeed = UInt64(seed)
            outcomes.append(runSeed(profile))
        }
        return Measurement(challenge: self, outcomes: outcomes)
    }
}

/// A challenge's figures over many seeds.
struct Measurement {
    let challenge: ShrinkingChallenge
    let outcomes: [ShrinkingChallenge.Outcome]

    /// Seeds whose failure was found within the PR profile's 100 cases.
    var foundWithinPR: Int { outcomes.filter { ($0.casesToFind ?? .max) <= Profile.pr.cases }.count }
    var ideal: Int { outcomes.filter(\.isIdeal).count }
    var found: [ShrinkingChallenge.Outcome] { outcomes.filter { $0.casesToFind != nil } }

    /// The most frequent non-ideal results, most frequent first (ties by text).
    func commonMisses(_ limit: Int) -> [(String, Int)] {
        var counts: [String: Int] = [:]
        for outcome in found where !outcome.isIdeal { counts[outcome.counterexample, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map { ($0.key, $0.value) }
    }

    static func median<T: Comparable>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }
}
