/// What a diagnosis of a log says (`TraceDiagnosis`; the fleet's report words it).
public enum TraceVerdict: Equatable, Sendable {
    /// One behaviour writes every line.
    case consistent
    /// Each episode is written by a behaviour of its own, but no one behaviour writes them
    /// all: the behaviour carried from the first line breaks at this 1-based line.
    case pieces(line: Int)
    /// No line of a kind the model knows: nothing to check.
    case noEvidence
    /// Some episode inconsistent (the first at this 1-based line).
    case inconsistent(line: Int)
    /// The search was cut short (a limit or a signal) before an answer.
    case cutShort(reason: String)
    /// With `Options.breaking`: consistent, but no behaviour within the bounds that writes
    /// the log breaks the property.
    case unbroken(property: String)
}
