/// How an episode of a log came out (`TraceDiagnosis`).
public enum TraceEpisodeResult: Equatable, Sendable {
    case consistent
    /// Consistent only searched from the model's initial states at its first line (no
    /// behaviour carried from the lines before reaches its end).
    case fresh
    case inconsistent(index: Int)
    case notDecided(index: Int, reason: String)
    /// After a line no behaviour of the model writes (`LogProjectedModel.firstUnwritable`): not searched.
    case notSearched(after: Int)
}
