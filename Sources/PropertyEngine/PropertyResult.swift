/// What one property run found, for reports and for tests of the harness itself.
/// `forAll` records `issues` as swift-testing issues; `checkProperty` only returns this.
public struct PropertyResult<Value> {
    /// How the run ended.
    public enum Outcome: String, Sendable, Equatable {
        case passed, failed, gaveUp, misconfigured
    }

    /// A corpus entry's replay, in file order.
    public enum Replay: String, Sendable, Equatable {
        /// A regression entry that passes again.
        case passed
        /// A regression entry that fails: the suite fails.
        case regressed
        /// An expected failure (a documented finding) that still fails: reported, not failed.
        case knownFindingStillFails
        /// An expected failure that now passes: the suite fails until the entry is updated.
        case expectedFailureNowPasses
    }

    public let name: String
    public let profile: Profile.Name
    /// The seed the run started from (the first case's seed).
    public let seed: UInt64
    public internal(set) var outcome: Outcome = .passed
    /// Generated cases that ran, corpus replays excluded; when the run failed, the cases up to
    /// and including the first failure (the search for other failures goes on past it).
    public internal(set) var cases = 0
    /// Cases discarded: filters rejected every attempt, `assume` failed, or the draw overran.
    public internal(set) var discarded = 0
    /// Discarded cases whose generator nested past the depth bound (a runaway recursion).
    public internal(set) var overruns = 0
    /// The shrunk failing input.
    public internal(set) var counterexample: Value?
    /// The seed that generates the failing case before shrinking.
    public internal(set) var failingSeed: UInt64?
    /// The shrunk case's failure message.
    public internal(set) var failure: String?
    /// Shrinks accepted (each a smaller input failing the same way) and candidates tried.
    public internal(set) var shrinks = 0
    public internal(set) var shrinkAttempts = 0
    /// Of those, the candidates that ran the property (the rest ended in generation: a choice
    /// out of range, a filter, an overrun); a candidate whose outcome was known runs nothing.
    public internal(set) var shrinkCalls = 0
    /// The shrunk case's choice count and the shrink's wall time (for the shrinking benchmark).
    var shrunkChoiceCount = 0
    var shrinkSeconds = 0.0
    /// Each distinct failure the run found (where it fails and how: the `expect` call site or
    /// the error's type and case), in the order found, each shrunk; the first is the one above.
    public internal(set) var failures: [ShrunkFailure<Value>] = []
    /// How many generated cases carried each label, most frequent first.
    public internal(set) var labels: [LabelCount] = []
    /// Declared labels (`cover:`) that no case carried.
    public internal(set) var missingLabels: [String] = []
    public internal(set) var replays: [Replay] = []
    /// Problems that fail the suite; empty when the property holds.
    public internal(set) var issues: [String] = []
    /// The human-readable report: the first line summarizes, the rest give details.
    public internal(set) var report: [String] = []
}

extension PropertyResult: Sendable where Value: Sendable {}

/// One coverage label and the number of generated cases that carried it.
public struct LabelCount: Sendable, Equatable, CustomStringConvertible {
    public let label: String
    public let count: Int

    public init(_ label: String, _ count: Int) {
        self.label = label
        self.count = count
    }

    public var description: String { "\(label): \(count)" }
}
