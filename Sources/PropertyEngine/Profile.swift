import SeededRandom

/// How hard a property run tries: case count, seed policy, time budget, shrink limit.
///
/// `pr` is derandomized (each property's seed comes from its name, so a PR run is
/// reproducible); `nightly` runs many more cases from a fresh seed. `Profile.current` reads the
/// environment once (see `Profile+Environment.swift`); the runner only ever sees a value, so
/// tests of the harness stay deterministic.
public struct Profile: Sendable, Equatable {
    /// The profile's name, as set by `CARDCHECK_PROFILE`.
    public enum Name: String, Sendable, CaseIterable { case pr, nightly }

    public var name: Name
    /// Generated cases per property (corpus entries are replayed in addition).
    public var cases: Int
    /// When set, every property starts from this seed (`CARDCHECK_SEED`).
    public var fixedSeed: UInt64?
    /// When false, per-property seeds mix `freshSeed` in, so every run differs.
    public var derandomized: Bool
    /// The run's entropy for non-derandomized profiles, printed with any failure.
    public var freshSeed: UInt64
    /// Stops generating new cases after this many seconds (`CARDCHECK_TIME_BUDGET`).
    public var timeBudget: Double?
    /// Candidate replays the shrinker may spend on one failure.
    public var maxShrinkAttempts: Int
    /// Seconds the shrinker may spend on one failure (`CARDCHECK_SHRINK_BUDGET`); past it the
    /// report gives the smallest failing input found so far and says the shrink stopped there.
    public var shrinkTimeBudget: Double?
    /// Where each case's seed is written before it runs, so a trap (which ends the process
    /// with no report) is reproducible (`CARDCHECK_SEED_LOG`).
    public var seedLog: SeedLog
    /// Appends each new shrunk counterexample to the corpus file (`CARDCHECK_RECORD=1`).
    public var recordsCorpus: Bool
    /// After a failure, generation goes on to find failures of other kinds (another `expect`,
    /// another error), each shrunk and reported (Hypothesis's `report_multiple_bugs`); when
    /// false, the first failure is shrunk and nothing more is generated.
    public var reportsMultipleFailures: Bool
    /// Why the environment could not be read; every property run reports it as a failure.
    public var configurationError: String?

    /// Pull requests: 100 cases, a fixed seed per property, shrinking stopped at 60 s.
    public static let pr = Profile(
        name: .pr, cases: 100, fixedSeed: nil, derandomized: true, freshSeed: 0, timeBudget: nil,
        maxShrinkAttempts: 5_000, shrinkTimeBudget: 60, seedLog: .file, recordsCorpus: false,
        reportsMultipleFailures: true, configurationError: nil)

    /// Nightly fuzzing: 10,000 cases, a fresh seed, at most 120 s per property and 300 s per
    /// shrink (Hypothesis's limit).
    public static func nightly(freshSeed: UInt64) -> Profile {
        Profile(
            name: .nightly, cases: 10_000, fixedSeed: nil, derandomized: false, freshSeed: freshSeed,
            timeBudget: 120, maxShrinkAttempts: 50_000, shrinkTimeBudget: 300, seedLog: .file, recordsCorpus: false,
            reportsMultipleFailures: true, configurationError: nil)
    }

    /// Where case seeds go: `file` (the default) overwrites one file per running property under
    /// `.build/cardcheck-seeds/` and names that directory once on stderr; `cases` writes a stderr
    /// line before every case; `off` writes nothing.
    public enum SeedLog: String, Sendable, CaseIterable { case file, cases, off }

    /// Whether case seeds are written at all; `false` sets `seedLog` to `off`, `true` to `file` if it was `off`.
    public var logsCaseSeeds: Bool {
        get { seedLog != .off }
        set { seedLog = newValue ? (seedLog == .off ? .file : seedLog) : .off }
    }

    /// The seed property `name` starts from: the fixed seed, else one derived from the name
    /// (and, unless derandomized, from `freshSeed`).
    public func seed(for name: String) -> UInt64 {
        if let fixedSeed { return fixedSeed }
        let nameHash = Self.fnv1a(name)
        if derandomized { return nameHash }
        var mixer = SplitMix64(seed: freshSeed ^ nameHash)
        return mixer.next()
    }

    /// FNV-1a over UTF-8: stable across toolchains, unlike `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

