import Explorer

import Foundation

/// The progress line on standard error: distinct states, frontier, depth, states/s, and once a
/// search spilled, its bytes on disk and the bytes free there.
enum ProgressLine {
    /// `since`: the line before's states and seconds in the same search, for the rate since it
    /// (a run of hours on disk slows far below its average).
    static func text(_ p: SearchProgress, since previous: (states: Int, seconds: Double)? = nil) -> String {
        var line = "progress: \(p.distinctStates) distinct states, frontier \(p.frontier), depth \(p.depth), "
            + "\(Int(p.statesPerSecond)) states/s"
        if let previous, p.seconds > previous.seconds, p.distinctStates >= previous.states {
            line += " (now \(Int(Double(p.distinctStates - previous.states) / (p.seconds - previous.seconds))))"
        }
        if let spill = p.spill {
            line += ", on disk \(gigabytes(spill.bytes))"
            if let free = spill.free { line += " (\(gigabytes(free)) free)" }
        }
        return line
    }

    /// Decimal gigabytes to two places ("0.00 GB" under 5 MB).
    static func gigabytes(_ bytes: Int) -> String { String(format: "%.2f GB", Double(bytes) / 1e9) }
}
