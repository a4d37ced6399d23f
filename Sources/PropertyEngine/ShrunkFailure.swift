/// One distinct failure of a property (where it fails and how), shrunk.
public struct ShrunkFailure<Value> {
    /// The shrunk failing input.
    public internal(set) var counterexample: Value
    /// Its failure message.
    public internal(set) var failure: String
    /// The seed that generates the failing case before shrinking.
    public internal(set) var failingSeed: UInt64
    /// Generated cases up to and including the first that failed this way.
    public internal(set) var cases: Int
    /// Shrinks kept, candidates replayed, and those of them that ran the property.
    public internal(set) var shrinks: Int
    public internal(set) var shrinkAttempts: Int
    public internal(set) var shrinkCalls: Int
    /// The shrink ended at the profile's shrink time budget: a smaller input may exist.
    public internal(set) var stoppedAtTimeBudget: Bool
    /// Where the whole input was written when the report shortened it.
    public internal(set) var fullValueFile: String?

    init(counterexample: Value, failure: String, failingSeed: UInt64, cases: Int, shrinks: Int, shrinkAttempts: Int,
         shrinkCalls: Int, stoppedAtTimeBudget: Bool, fullValueFile: String? = nil) {
        self.counterexample = counterexample
        self.failure = failure
        self.failingSeed = failingSeed
        self.cases = cases
        self.shrinks = shrinks
        self.shrinkAttempts = shrinkAttempts
        self.shrinkCalls = shrinkCalls
        self.stoppedAtTimeBudget = stoppedAtTimeBudget
        self.fullValueFile = fullValueFile
    }
}

extension ShrunkFailure: Sendable where Value: Sendable {}
