import Explorer

/// The progress line on standard error: distinct states, frontier, depth, states/s.
enum ProgressLine {
    static func text(_ p: SearchProgress) -> String {
        "progress: \(p.distinctStates) distinct states, frontier \(p.frontier), depth \(p.depth), "
            + "\(Int(p.statesPerSecond)) states/s"
    }
}
