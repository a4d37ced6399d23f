import Foundation

/// The one place the harness reads the environment.
extension Profile {
    /// The profile for this process, from its environment (read once).
    public static let current = Profile(
        environment: ProcessInfo.processInfo.environment,
        freshSeed: { var system = SystemRandomNumberGenerator(); return system.next() })

    /// The profile `environment` selects: `CARDCHECK_PROFILE` (`pr` or `nightly`; `CI=true`
    /// alone or nothing selects `pr`), then the overrides `CARDCHECK_SEED` (decimal or 0x-hex),
    /// `CARDCHECK_CASES`, `CARDCHECK_TIME_BUDGET` (seconds), `CARDCHECK_SHRINK_BUDGET` (seconds), `CARDCHECK_RECORD=1`,
    /// `CARDCHECK_SEED_LOG` (`file`, `cases` or `off`). A bad value yields `pr` with
    /// `configurationError` set.
    ///
    /// `freshSeed` is asked only for `nightly` without `CARDCHECK_SEED`: the entropy source,
    /// kept off the seeded path.
    public init(environment: [String: String], freshSeed: () -> UInt64) {
        let profileName = environment["CARDCHECK_PROFILE"].map { $0.lowercased() } ?? ""
        var profile: Profile
        switch profileName {
        case "", Name.pr.rawValue: profile = .pr
        case Name.nightly.rawValue: profile = .nightly(freshSeed: environment["CARDCHECK_SEED"] == nil ? freshSeed() : 0)
        default:
            self = .pr
            configurationError = HarnessMessage.unknownProfile(profileName)
            return
        }
        do {
            try profile.applyOverrides(environment)
        } catch let error as ConfigurationError {
            profile = .pr
            profile.configurationError = error.message
        } catch {
            profile = .pr
            profile.configurationError = "\(error)"
        }
        self = profile
    }

    private struct ConfigurationError: Error { let message: String }

    private mutating func applyOverrides(_ environment: [String: String]) throws {
        if let text = environment["CARDCHECK_SEED"] {
            guard let seed = Self.parseSeed(text) else {
                throw ConfigurationError(message: HarnessMessage.badSeed(text))
            }
            fixedSeed = seed
        }
        if let text = environment["CARDCHECK_CASES"] {
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count > 0 else {
                throw ConfigurationError(message: HarnessMessage.badCases(text))
            }
            cases = count
        }
        if let text = environment["CARDCHECK_TIME_BUDGET"] {
            guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds.isFinite else {
                throw ConfigurationError(message: HarnessMessage.badTimeBudget(text))
            }
            timeBudget = seconds
        }
        if let text = environment["CARDCHECK_SHRINK_BUDGET"] {
            guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds.isFinite else {
                throw ConfigurationError(message: HarnessMessage.badShrinkBudget(text))
            }
            shrinkTimeBudget = seconds
        }
        if environment["CARDCHECK_RECORD"] == "1" { recordsCorpus = true }
        if let text = environment["CARDCHECK_SEED_LOG"] {
            guard let mode = SeedLog(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ConfigurationError(message: HarnessMessage.badSeedLog(text))
            }
            seedLog = mode
        }
    }

    /// A seed in decimal or `0x` hex, as printed in failure reports.
    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}
