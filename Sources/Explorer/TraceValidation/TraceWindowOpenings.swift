/// The nodes a window opens on, kept once a search has enumerated every reachable state before
/// its first line (`TraceSearch.run` in window mode): the prefix does not depend on the gap
/// bounds, so a search of the same range at a wider level starts from these instead of walking
/// the configuration's reachable states again (a narrow level that fails has walked them all).
public final class TraceWindowOpenings<M: LogProjectedModel> {
    struct Opened {
        var trails: [TraceSearch<M>.Trail]
        var opens: [(entry: TraceSearch<M>.Open, parent: Int32, action: M.Action)]
        var misses: TraceSearch<M>.Misses?
        /// Whether the world budget before the window refused a step (the openings are those within it).
        var cutWindow: Bool
    }

    private var byRange: [Range<Int>: Opened] = [:]  // lookup only

    public init() {}

    subscript(_ range: Range<Int>) -> Opened? {
        get { byRange[range] }
        set { byRange[range] = newValue }
    }
}
